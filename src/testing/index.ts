export { createTestRoom, TestRoom } from './TestRoom.js';
export { holdSimulatedFrames } from './syntheticMedia.js';
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
export { scriptConnectionTest } from '../connection-test/simulatedConnectionTest.js';
export type { ScriptedConnectionTest, SimulatedConnectionTest, SimulatedConnectionTestStep } from '../connection-test/simulatedConnectionTest.js';
export type { DeliverTextOptions, DeliverTranscriptionOptions, SentText } from './simulatedTextStreams.js';
export { fakeBackgroundProcessors } from '../media/effects/fakeBackgroundProcessors.js';
export type { FakeBackgroundProcessor, FakeBackgroundProcessorsOptions } from '../media/effects/fakeBackgroundProcessors.js';
export { createRecorderSignalLog, simulateMediaPlaying } from '../recording/recorderSignalLog.js';
export type { RecorderSignalLog } from '../recording/recorderSignalLog.js';
