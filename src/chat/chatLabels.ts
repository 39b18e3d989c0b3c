/**
 * The chat's strings (`Chat`, the bar's chat toggle, chat notifications). Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface ChatLabels {
  chat: string;
  chatLog: string;
  chatInput: string;
  chatPlaceholder: string;
  chatSend: string;
  chatEmpty: string;
  chatSendDisabled: string;
  chatSendFailed: (reason: string) => string;
  /** The note beside an edited chat message. */
  chatEdited: string;
  newMessage: (from: string, message: string) => string;
  showChat: string;
  /** Added to the chat toggle's name while messages arrived with the panel closed: "3 unread". */
  unreadMessages: (count: number) => string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends ChatLabels {}
}

/** English defaults of {@link ChatLabels}. */
export const defaultChatLabels: ChatLabels = {
  chat: 'Chat',
  chatLog: 'Chat messages',
  chatInput: 'Message',
  chatPlaceholder: 'Write a message…',
  chatSend: 'Send',
  chatEmpty: 'No messages yet.',
  chatSendDisabled: 'You can read the chat, but this session may not send messages.',
  chatSendFailed: (reason) => `Message not sent: ${reason}`,
  chatEdited: '(edited)',
  newMessage: (from, message) => `${from}: ${message}`,
  showChat: 'Chat',
  unreadMessages: (count) => `${count} unread`,
};
