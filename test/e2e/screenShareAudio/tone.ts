declare global {
  interface Window {
    /** Starts the tone; resolves with the audio context's state ("running" once it plays). */
    playTone(): Promise<AudioContextState>;
  }
}

// A sine at amplitude 0.3: RMS 0.3 / √2 = 0.212, what a listener should measure of the shared tab.
window.playTone = async () => {
  const context = new AudioContext();
  const oscillator = new OscillatorNode(context, { frequency: 440 });
  oscillator.connect(new GainNode(context, { gain: 0.3 })).connect(context.destination);
  oscillator.start();
  await context.resume();
  return context.state;
};

export {};
