import { createRoot } from 'react-dom/client';
import { AgentConversation } from '@roomkit/react/agent';
import { RoomProvider } from '@roomkit/react';
import '@roomkit/react/styles.css';
import '@roomkit/react/agent.css';

declare global {
  interface Window {
    conversation: { connect(url: string, token: string, agentTimeout?: number): void; errors: string[] };
  }
}

// A voice-agent app as a user builds it: the prefab in a provider, nothing else.
window.conversation = {
  errors: [],
  connect(url, token, agentTimeout) {
    createRoot(document.getElementById('root')!).render(
      <RoomProvider connection={{ url, token }} onError={(e) => console.error(e.code, e.message)}>
        <AgentConversation
          visualizer="radial"
          {...(agentTimeout === undefined ? {} : { agentTimeout })}
          onError={(e) => window.conversation.errors.push(e.code)}
        />
      </RoomProvider>,
    );
  },
};
