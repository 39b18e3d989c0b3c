// Core (framework-free)
export { RoomKitError, isRoomKitError } from './core/RoomKitError.js';
export type { RoomKitErrorCode, RoomKitErrorOptions } from './core/RoomKitError.js';
export { parseToken, validateToken, validateMediaUrl, looksLikeApiKey } from './core/token.js';
export type { TokenClaims, TokenVideoGrant, TrackSourceName } from './core/token.js';
export { computeGrants, canPublishSource, DEFAULT_GRANTS } from './core/grants.js';
export type { Grants, GrantName, LivePermissions } from './core/grants.js';
export { createRoomStore, getRoomStore } from './core/roomStore.js';
export type { RoomStore, RoomStoreOptions, RoomState, RoomInfo, ParticipantState, TrackState } from './core/roomStore.js';
export { createRoomSession } from './core/session.js';
export type { ConnectionDetails, ConnectionQueryState, OnlineSignal, RoomSession, RoomSessionOptions } from './core/session.js';
export { createEncryption, type EncryptionOptions, type RoomEncryption } from './core/e2ee.js';
export { validateConnectionResponse } from './core/connectionResponse.js';
export type { ValidatedConnection, ValidateConnectionResponseOptions } from './core/connectionResponse.js';
export { retryConnection, connectionRetryDelay } from './core/connectionRequest.js';
export type {
  ConnectionEndpoint,
  ConnectionErrorDetails,
  FetchConnection,
  FetchConnectionContext,
} from './core/connectionRequest.js';
export type { ChatMessage } from './core/chatStore.js';
export type { TranscriptionSegment } from './core/transcriptionStore.js';
export type { AgentState } from './core/agent.js';
export type { ParticipantKindName } from './core/roomStore.js';
export type { DataMessage, SendDataOptions } from './core/dataBus.js';
export type { MediaDeviceKindName } from './core/deviceStore.js';

// Provider and hooks
export { RoomProvider } from './components/RoomProvider.js';
export type { RoomProviderProps } from './components/RoomProvider.js';
export { useRoom } from './hooks/useRoom.js';
export type { RoomHookOptions } from './hooks/useRoom.js';
export { useConnectionState } from './hooks/useConnectionState.js';
export { useRoomInfo } from './hooks/useRoomInfo.js';
export { useRoomError } from './hooks/useRoomError.js';
export { useGrants } from './hooks/useGrants.js';
export { useCan } from './hooks/useCan.js';
export type { UseCanOptions } from './hooks/useCan.js';
export { useLocalParticipant } from './hooks/useLocalParticipant.js';
export { useRemoteParticipants } from './hooks/useRemoteParticipants.js';
export { useParticipants } from './hooks/useParticipants.js';
export { useParticipant } from './hooks/useParticipant.js';
export { useTracks } from './hooks/useTracks.js';
export type { TrackReference, UseTracksOptions } from './hooks/useTracks.js';
export { useIsSpeaking } from './hooks/useIsSpeaking.js';
export { useActiveSpeakers } from './hooks/useActiveSpeakers.js';
export { usePinned } from './hooks/usePinned.js';
export type { PinnedTile } from './hooks/usePinned.js';
export { useSpeakerOrder } from './hooks/useSpeakerOrder.js';
export type { SpeakerOrderResult, SpeakerViewState, UseSpeakerOrderOptions } from './hooks/useSpeakerOrder.js';
export { useConnectionQuality } from './hooks/useConnectionQuality.js';
export { useIsMuted } from './hooks/useIsMuted.js';
export { useTrackToggle } from './hooks/useTrackToggle.js';
export type { ToggleSource, TrackToggleState, UseTrackToggleOptions } from './hooks/useTrackToggle.js';
export { useMediaDevices } from './hooks/useMediaDevices.js';
export type { MediaDevicesState } from './hooks/useMediaDevices.js';
export { useCameraFlip } from './hooks/useCameraFlip.js';
export type { CameraFlipState } from './hooks/useCameraFlip.js';
export type { CameraFacing } from './core/facing.js';
export { useUserChoices } from './hooks/useUserChoices.js';
export type { UserChoicesState } from './hooks/useUserChoices.js';
export { USER_CHOICES_STORAGE_KEY } from './core/userChoices.js';
export type { UserChoices } from './core/userChoices.js';
export type { DeviceErrorCode } from './core/toRoomKitError.js';
export type { DeviceKind } from './core/toDeviceError.js';
export { useDataChannel } from './hooks/useDataChannel.js';
export type { DataChannel } from './hooks/useDataChannel.js';
export { useChat } from './hooks/useChat.js';
export type { ChatState } from './hooks/useChat.js';
export { useTranscriptions } from './hooks/useTranscriptions.js';
export type { UseTranscriptionsOptions } from './hooks/useTranscriptions.js';
export { useAgent } from './hooks/useAgent.js';
export type { AgentInfo, UseAgentOptions } from './hooks/useAgent.js';
export { useTrackVolume } from './hooks/useTrackVolume.js';
export { useParticipantList } from './hooks/useParticipantList.js';
export type { ParticipantListState, UseParticipantListOptions } from './hooks/useParticipantList.js';
export type { UseTrackVolumeOptions } from './hooks/useTrackVolume.js';

// Components
export { defaultLabels } from './components/labels.js';
export type { RoomKitLabels } from './components/labels.js';
export { VideoTrack, AudioTrack } from './components/VideoTrack.js';
export type { VideoTrackProps, AudioTrackProps } from './components/VideoTrack.js';
export { RoomAudioRenderer } from './components/RoomAudioRenderer.js';
export type { RoomAudioRendererProps } from './components/RoomAudioRenderer.js';
export { StartAudio } from './components/StartAudio.js';
export type { StartAudioProps } from './components/StartAudio.js';
export {
  ParticipantTile,
  ParticipantName,
  ConnectionQualityIndicator,
  TrackMutedIndicator,
  displayName,
} from './components/ParticipantTile.js';
export type {
  ParticipantTileProps,
  ParticipantNameProps,
  ConnectionQualityIndicatorProps,
  TrackMutedIndicatorProps,
} from './components/ParticipantTile.js';
export { GridLayout } from './components/GridLayout.js';
export type { GridLayoutProps, LayoutProps } from './components/GridLayout.js';
export { FocusLayout } from './components/FocusLayout.js';
export type { FocusLayoutProps } from './components/FocusLayout.js';
export { SpeakerLayout } from './components/SpeakerLayout.js';
export type { SpeakerLayoutProps } from './components/SpeakerLayout.js';
export { PinButton } from './components/PinButton.js';
export type { PinButtonProps } from './components/PinButton.js';
export type { TileDescriptor } from './components/layout.js';
export { TrackToggle } from './components/TrackToggle.js';
export type { TrackToggleProps } from './components/TrackToggle.js';
export { MediaDeviceSelect } from './components/MediaDeviceSelect.js';
export type { MediaDeviceSelectProps } from './components/MediaDeviceSelect.js';
export { CameraFlipButton } from './components/CameraFlip.js';
export type { CameraFlipButtonProps } from './components/CameraFlip.js';
export { ControlBar } from './components/ControlBar.js';
export type { ControlBarProps, ControlBarControls } from './components/ControlBar.js';
export { LeaveButton } from './components/LeaveButton.js';
export type { LeaveButtonProps } from './components/LeaveButton.js';
export { Chat } from './components/Chat.js';
export type { ChatProps } from './components/Chat.js';
export { Captions } from './components/Captions.js';
export type { CaptionsProps } from './components/Captions.js';
export { AudioVisualizer } from './components/AudioVisualizer.js';
export type { AudioVisualizerProps } from './components/AudioVisualizer.js';
export { ConnectionStateToast } from './components/ConnectionStateToast.js';
export type { ConnectionStateToastProps } from './components/ConnectionStateToast.js';
export { RecordingIndicator, RecordingControl } from './components/Recording.js';
export type { RecordingIndicatorProps, RecordingControlProps } from './components/Recording.js';
export { ParticipantAdminMenu } from './components/ParticipantAdminMenu.js';
export type { ParticipantAdminMenuProps, AdminActions } from './components/ParticipantAdminMenu.js';
export { LiveAnnouncer } from './components/LiveAnnouncer.js';
export type { LiveAnnouncerProps } from './components/LiveAnnouncer.js';
export { ParticipantList } from './components/ParticipantList.js';
export type { ParticipantListProps } from './components/ParticipantList.js';

// Background effects and noise filter
export { supportsBackgroundEffects, supportsNoiseFilter } from './core/effects.js';
export type {
  BackgroundEffect,
  BackgroundEffectsConfig,
  BackgroundEffectAssetPaths,
  BackgroundProcessorLike,
  BackgroundProcessorOptions,
  BackgroundProcessorsModule,
  EffectStatus,
} from './core/effects.js';
export { useBackgroundEffect } from './hooks/useBackgroundEffect.js';
export type { BackgroundEffectState, UseBackgroundEffectOptions } from './hooks/useBackgroundEffect.js';
export { useNoiseFilter } from './hooks/useNoiseFilter.js';
export type { NoiseFilterState } from './hooks/useNoiseFilter.js';
export { EffectsControl } from './components/EffectsControl.js';
export type { EffectsControlProps, VirtualBackground } from './components/EffectsControl.js';

// The connection test before joining (its livekit-client steps load when a test starts)
export { createConnectionTest, CONNECTION_TEST_STEPS, CONNECTION_TEST_HIGH_ROUND_TRIP_MS } from './core/connectionTest.js';
export type { ConnectionTestStore } from './core/connectionTest.js';
export type {
  ConnectionTestDevice,
  ConnectionTestFailure,
  ConnectionTestFinding,
  ConnectionTestMeasurement,
  ConnectionTestOptions,
  ConnectionTestReason,
  ConnectionTestResult,
  ConnectionTestSkip,
  ConnectionTestState,
  ConnectionTestStep,
  ConnectionTestStepId,
  ConnectionTestStepStatus,
} from './core/connectionTestTypes.js';
export { useConnectionTest } from './hooks/useConnectionTest.js';
export type { ConnectionTestControls, UseConnectionTestOptions } from './hooks/useConnectionTest.js';
export { ConnectionTest } from './components/ConnectionTest.js';
export type { ConnectionTestProps } from './components/ConnectionTest.js';
export { defaultConnectionTestLabels } from './components/connectionTestLabels.js';
export type { ConnectionTestLabels } from './components/connectionTestLabels.js';

// Prefabs
export { PreJoin } from './prefabs/PreJoin.js';
export type { PreJoinProps, PreJoinChoices } from './prefabs/PreJoin.js';
export { VideoConference } from './prefabs/VideoConference.js';
export type { ConferenceLayout, VideoConferenceProps } from './prefabs/VideoConference.js';

// Audio rooms
export { AudioConference } from './prefabs/AudioConference.js';
export type { AudioConferenceProps } from './prefabs/AudioConference.js';
export { ParticipantAudioTile } from './components/ParticipantAudioTile.js';
export type { ParticipantAudioTileProps } from './components/ParticipantAudioTile.js';
export { defaultAudioRoomLabels } from './components/audioRoomLabels.js';
export type { AudioRoomLabelKey } from './components/audioRoomLabels.js';
export { useAudioRoomParticipants } from './hooks/useAudioRoomParticipants.js';
export type { AudioRoomParticipants } from './hooks/useAudioRoomParticipants.js';

// Recording templates (what a room-recording service such as LiveKit Egress opens)
export { RecordingView } from './prefabs/RecordingView.js';
export type { RecordingViewProps } from './prefabs/RecordingView.js';
export { RecordingStage, recordingTile } from './components/RecordingStage.js';
export type { RecordingStageProps } from './components/RecordingStage.js';
export { defaultRecordingLabels } from './components/recordingLabels.js';
export type { RecordingLabelKey } from './components/recordingLabels.js';
export { useRecordingParams } from './hooks/useRecordingParams.js';
export { useRecordingLayout } from './hooks/useRecordingLayout.js';
export { useRecorderSignals } from './hooks/useRecorderSignals.js';
export type { RecorderSignalState, UseRecorderSignalsOptions } from './hooks/useRecorderSignals.js';
export { parseRecordingParams, toRecordingLayout, layoutFromMetadata } from './core/recordingParams.js';
export type { RecordingLayout, RecordingParams } from './core/recordingParams.js';
export { createRecorderSignals, egressConsoleSink, EGRESS_SIGNAL_LINES } from './core/recordingSignals.js';
export type { RecorderSignal, RecorderSignals, RecorderSignalSink, RecorderSignalsOptions } from './core/recordingSignals.js';

// Raise hand and reactions
export { HAND_TOPIC } from './core/handStore.js';
export type { RaisedHand } from './core/handStore.js';
export { REACTION_TOPIC, REACTION_EMOJIS, REACTION_DURATION_MS, REACTION_SEND_LIMIT, REACTION_RECEIVE_LIMIT, REACTION_WINDOW_MS } from './core/reactionStore.js';
export type { Reaction, ReactionEmoji } from './core/reactionStore.js';
export { useRaisedHands } from './hooks/useRaisedHands.js';
export { useIsHandRaised } from './hooks/useIsHandRaised.js';
export { useIsEncrypted } from './hooks/useIsEncrypted.js';
export { useDecryptionFailed } from './hooks/useDecryptionFailed.js';
export { useRaiseHand } from './hooks/useRaiseHand.js';
export type { RaiseHandState } from './hooks/useRaiseHand.js';
export { useLowerHand } from './hooks/useLowerHand.js';
export type { LowerHandState } from './hooks/useLowerHand.js';
export { useReaction } from './hooks/useReaction.js';
export { useSendReaction } from './hooks/useSendReaction.js';
export type { SendReactionState } from './hooks/useSendReaction.js';
export { RaiseHandToggle, RaisedHandIndicator } from './components/RaiseHand.js';
export type { RaiseHandToggleProps, RaisedHandIndicatorProps } from './components/RaiseHand.js';
export { ReactionsMenu, ReactionIndicator } from './components/Reactions.js';
export type { ReactionsMenuProps, ReactionIndicatorProps } from './components/Reactions.js';
export { usePictureInPicture } from './hooks/usePictureInPicture.js';
export type { PictureInPictureState, PictureInPictureSupport, UsePictureInPictureOptions } from './hooks/usePictureInPicture.js';
export { PictureInPicture, PictureInPictureButton, PictureInPictureView } from './components/PictureInPicture.js';
export type { PictureInPictureButtonProps, PictureInPictureProps, PictureInPictureViewProps } from './components/PictureInPicture.js';

// Notifications
export { NOTIFICATION_KINDS, NOTIFICATION_LIMIT, NOTIFICATION_GROUP_WINDOW_MS } from './core/notificationStore.js';
export type { NotificationKind, NotificationKinds, NotificationPerson, RoomNotification } from './core/notificationStore.js';
export { useNotifications } from './hooks/useNotifications.js';
export type { NotificationsState, UseNotificationsOptions } from './hooks/useNotifications.js';
export { Notifications, NOTIFICATION_DURATION_MS } from './components/Notifications.js';
export type { NotificationsProps } from './components/Notifications.js';
export { notificationText } from './components/notificationText.js';

// Agent conversations
export { AgentConversation } from './prefabs/AgentConversation.js';
export type { AgentConversationProps } from './prefabs/AgentConversation.js';
export { AgentPresence } from './components/AgentPresence.js';
export type { AgentPresenceProps } from './components/AgentPresence.js';
export { AgentVisualizer } from './components/AgentVisualizer.js';
export type { AgentVisualizerProps } from './components/AgentVisualizer.js';
export { AgentTranscript } from './components/AgentTranscript.js';
export type { AgentTranscriptProps } from './components/AgentTranscript.js';
export { AgentControlBar } from './components/AgentControlBar.js';
export type { AgentControlBarProps, AgentControlBarControls } from './components/AgentControlBar.js';
export { defaultAgentLabels } from './components/agentLabels.js';
export type { AgentLabelKey } from './components/agentLabels.js';
export type { AgentConversationLabels, RecordingViewLabels } from './components/featureLabels.js';
export { useAgentConversation } from './hooks/useAgentConversation.js';
export type { AgentConversationInfo, AgentConversationStatus, UseAgentConversationOptions } from './hooks/useAgentConversation.js';
export { useAgentTranscript } from './hooks/useAgentTranscript.js';
export type { ConversationEntry } from './core/agentConversation.js';
export { DEFAULT_AGENT_TIMEOUT, supportsPreConnectBuffer } from './core/agentConversation.js';
