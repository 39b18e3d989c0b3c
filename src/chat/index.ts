/**
 * The face of `chat/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { Chat } from './Chat.js';
export { ChatToggle } from './ChatToggle.js';
export { getChatStore } from './chatStore.js';
export type { ChatMessage } from './chatStore.js';
export { defaultChatLabels, type ChatLabels } from './chatLabels.js';
