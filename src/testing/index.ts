export { createTestRoom, TestRoom } from './TestRoom.js';
export type {
  SentData,
  SimulatedDeviceFailure,
  SimulatedDeviceKind,
  TestConnectionQuality,
  TestGrants,
  TestParticipantInit,
  TestParticipantKind,
  TestRoomInit,
} from './TestRoom.js';
export { scriptConnectionTest } from './simulatedConnectionTest.js';
export type { ScriptedConnectionTest, SimulatedConnectionTest, SimulatedConnectionTestStep } from './simulatedConnectionTest.js';
export type { DeliverTextOptions, DeliverTranscriptionOptions, SentText } from './simulatedTextStreams.js';
export { fakeBackgroundProcessors } from './fakeBackgroundProcessors.js';
export type { FakeBackgroundProcessor, FakeBackgroundProcessorsOptions } from './fakeBackgroundProcessors.js';
export { createRecorderSignalLog, simulateMediaPlaying } from './recording.js';
export type { RecorderSignalLog } from './recording.js';
