import { render } from '@testing-library/react';
import { ReactionGlyph } from '../../src/ui/icons';
import { REACTION_EMOJIS } from '../../src/hands/reactionStore';

/** Reactions show without an emoji font: each one RoomKit sends is drawn, none falls back to its glyph. */
describe('ReactionGlyph', () => {
  it.each(REACTION_EMOJIS)('draws %s as an SVG, hidden from assistive technology', (emoji) => {
    const { container } = render(<ReactionGlyph emoji={emoji} />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(container.textContent).toBe('');
  });

  it('shows an emoji it has no drawing for as text', () => {
    const { container } = render(<ReactionGlyph emoji="🦄" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.textContent).toBe('🦄');
  });
});
