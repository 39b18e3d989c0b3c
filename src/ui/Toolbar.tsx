import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { cx, flag } from './dev.js';
import { useFold } from './useFold.js';
import type { CommonLabels } from './labels.js';
import { MoreMenu } from './MoreMenu.js';

/**
 * @internal The controls that fold into the bar's "More" menu when the bar is too narrow for them all, least used
 * first (the microphone, camera, chat and leave controls never fold). Before any folds, labels hide and icons
 * remain. This list alone decides the order: a new control becomes foldable by naming it here.
 */
export const FOLD_ORDER: readonly string[] = ['speakerDevice', 'cameraDevice', 'microphoneDevice', 'effects', 'pictureInPicture', 'extra', 'screenShare', 'captions', 'cameraFlip', 'reactions', 'raiseHand', 'participants'];

/** @internal The media section's controls; the others start the conversation and panels section. */
const MEDIA = new Set(['microphone', 'microphoneDevice', 'speakerDevice', 'camera', 'cameraDevice', 'cameraFlip', 'effects', 'screenShare']);

/** @internal One control of a {@link Toolbar}: its id, the element (false or null: absent) and the group it sits in. */
export type ToolbarEntry = [id: string, node: ReactNode, group?: string];

/** @internal Props of {@link Toolbar}. */
export interface ToolbarProps extends HTMLAttributes<HTMLDivElement> {
  /** The controls in order; a control sharing a group with the one before it sits beside it (a device select beside its toggle). */
  entries: ToolbarEntry[];
  labels: CommonLabels;
}

/**
 * @internal The room toolbar that each room kind fills with its controls: one row that measures its own width, shows
 * icons alone when too narrow for labels (`data-compact`), and then folds the controls of {@link FOLD_ORDER} into a
 * "More" menu. Sections as in the meeting apps people know: media first, then the conversation and the panels, then leave
 * (`id` "leave") apart; each later section starts with `data-section-start`, which the stylesheet turns into space.
 * `children` render after the controls, outside any menu.
 */
export function Toolbar({ entries, labels, className, children, ...rest }: ToolbarProps) {
  const present = entries.filter(([, node]) => node != null && node !== false);
  const [ref, fold] = useFold(
    present.map(([id]) => id),
    FOLD_ORDER,
  );
  const more: ReactNode[] = [];
  const bar: ReactNode[] = [];
  const slot = ([id, node]: ToolbarEntry, sectionStart?: boolean) => {
    if (!fold.folded.includes(id)) {
      return (
        <span key={id} className="rk-control-slot" data-control={id} data-section-start={flag(!!sectionStart)}>
          {node}
        </span>
      );
    }
    more.push(<Fragment key={id}>{node}</Fragment>);
    return null;
  };
  let middle = false;
  const hasLeave = present.some(([id]) => id === 'leave');
  for (let i = 0; i < present.length; ) {
    const name = present[i]![2];
    const members = [present[i++]!];
    while (name && present[i]?.[2] === name) members.push(present[i++]!);
    const id = members[0]![0];
    // free space before the conversation and panels (unless they open the bar) and before leave
    const sectionStart = bar.length > 0 && (id === 'leave' || (!middle && !MEDIA.has(id)));
    if (!MEDIA.has(id)) middle = true;
    if (id === 'leave' && more.length > 0) bar.push(<MoreMenu key="more" labels={labels}>{more}</MoreMenu>);
    bar.push(
      name ? (
        <span key={name} className="rk-control-group" data-section-start={flag(sectionStart)}>
          {members.map((member) => slot(member))}
        </span>
      ) : (
        slot(members[0]!, sectionStart)
      ),
    );
  }
  if (!hasLeave && more.length > 0) bar.push(<MoreMenu key="more" labels={labels}>{more}</MoreMenu>);
  return (
    <div ref={ref} role="toolbar" aria-label={labels.controls} {...rest} className={cx('rk-control-bar', className)} data-compact={flag(fold.compact)}>
      {bar}
      {children}
    </div>
  );
}
