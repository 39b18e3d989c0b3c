export { createTestRoom, TestRoom } from './TestRoom.js';
export type { SentData, TestConnectionQuality, TestGrants, TestParticipantInit, TestRoomInit } from './TestRoom.js';
