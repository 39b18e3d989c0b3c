import { createRoot } from 'react-dom/client';
import { RoomProvider, useChat, useRoomInfo, VideoConference } from '@roomkit/react';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    roomMove: { connect(url: string, token: string): void; getUserMediaCalls: number };
  }
}

// Counts every request for a microphone or camera: a move keeps the devices, it never asks again.
const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = (constraints) => {
  window.roomMove.getUserMediaCalls += 1;
  return getUserMedia(constraints);
};

/** What an app shows beside the conference: the room it is in, and the conversation's texts for the test to read. */
function RoomName() {
  const { name } = useRoomInfo();
  const { messages } = useChat();
  return (
    <>
      <p data-testid="room-name">{name}</p>
      <ol data-testid="chat-texts">
        {messages.map((m) => (
          <li key={`${m.from}-${m.id}`}>{`${m.from}: ${m.message}`}</li>
        ))}
      </ol>
    </>
  );
}

window.roomMove = {
  getUserMediaCalls: 0,
  connect(url, token) {
    createRoot(document.getElementById('root')!).render(
      <RoomProvider connection={{ url, token }} audio video onError={(e) => console.error(e.code, e.message)}>
        <RoomName />
        <VideoConference />
      </RoomProvider>,
    );
  },
};
