/**
 * The face of `picture-in-picture/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { PictureInPicture, PictureInPictureButton } from './PictureInPicture.js';
export { getPictureInPictureStore } from './pictureInPictureStore.js';
export { defaultPictureInPictureLabels, type PictureInPictureLabels } from './pictureInPictureLabels.js';
