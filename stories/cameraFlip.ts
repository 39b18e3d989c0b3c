import { expect, userEvent, waitFor, within } from 'storybook/test';

/** Plays a phone's camera flip: "Flip camera" starts on the front camera and switches to the back one. */
export async function flipsToTheBackCamera(canvasElement: HTMLElement): Promise<void> {
  const flip = await within(canvasElement).findByRole('button', { name: 'Flip camera' });
  await waitFor(() => expect(flip).toHaveAttribute('data-facing', 'user'));
  await userEvent.click(flip);
  await waitFor(() => expect(flip).toHaveAttribute('data-facing', 'environment'));
}
