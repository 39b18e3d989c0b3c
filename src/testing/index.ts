export { createTestRoom, TestRoom } from './TestRoom';
export type { SentData, TestConnectionQuality, TestGrants, TestParticipantInit, TestRoomInit } from './TestRoom';
