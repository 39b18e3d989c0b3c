// Core (framework-free)
export { RoomKitError, isRoomKitError } from './room/RoomKitError.js';
export type { RoomKitErrorCode, RoomKitErrorOptions } from './room/RoomKitError.js';
export { parseToken, validateToken, validateMediaUrl, looksLikeApiKey } from './room/connection/token.js';
export type { TokenClaims, TokenVideoGrant, TrackSourceName } from './room/connection/token.js';
export { computeGrants, canPublishSource, DEFAULT_GRANTS } from './room/state/grants.js';
export type { Grants, GrantName, LivePermissions } from './room/state/grants.js';
export { createRoomStore, getRoomStore } from './room/state/roomStore.js';
export type { RoomStore, RoomStoreOptions, RoomState, RoomInfo, ParticipantState, TrackState } from './room/state/roomStore.js';
export { createRoomSession } from './room/connection/session.js';
export type { ConnectionDetails, ConnectionQueryState, OnlineSignal, RoomSession, RoomSessionOptions } from './room/connection/session.js';
export { createEncryption, type EncryptionOptions, type RoomEncryption } from './e2ee/e2ee.js';
// What this browser can do, in one answer (the prefabs hide or explain a control from it)
export { getBrowserSupport } from './room/browserSupport.js';
export type { BrowserSupport, Support } from './room/browserSupport.js';
export { useBrowserSupport } from './room/hooks/useBrowserSupport.js';
export { validateConnectionResponse } from './room/connection/connectionResponse.js';
export type { ValidatedConnection, ValidateConnectionResponseOptions } from './room/connection/connectionResponse.js';
export { retryConnection, connectionRetryDelay } from './room/connection/connectionRequest.js';
export type {
  ConnectionEndpoint,
  ConnectionErrorDetails,
  FetchConnection,
  FetchConnectionContext,
} from './room/connection/connectionRequest.js';
export { createRoomActions } from './room/connection/roomActions.js';
export type { BreakoutActions, RoomActionCallbacks, RoomActionErrorDetails, RoomActions, RoomActionsOptions } from './room/connection/roomActions.js';
export type { BreakoutRoomRequest, BreakoutsInfo, RoomAction, RoomActionResult, RoomActionType } from './room/connection/roomAction.js';
export { BREAKOUT_ATTRIBUTE, BREAKOUT_METADATA_KEY, BREAKOUT_TOPIC } from './room/connection/breakoutWire.js';
export type { BreakoutRoomInfo } from './room/connection/breakoutWire.js';
export type { ChatMessage } from './chat/chatStore.js';
export type { TranscriptionSegment } from './captions/transcriptionStore.js';
export type { AgentState } from './room/state/agentState.js';
export type { ParticipantKindName } from './room/state/roomStore.js';
export type { DataMessage, SendDataOptions } from './room/state/dataBus.js';
export type { MediaDeviceKindName } from './media/devices/deviceStore.js';

// Provider and hooks
export { RoomProvider } from './room/RoomProvider.js';
export type { RoomProviderProps } from './room/RoomProvider.js';
export { useRoom } from './room/useRoom.js';
export type { RoomHookOptions } from './room/useRoom.js';
export { useConnectionState } from './room/hooks/useConnectionState.js';
export { useRoomInfo } from './room/hooks/useRoomInfo.js';
export { useRoomError } from './room/hooks/useRoomError.js';
export { useGrants } from './room/hooks/useGrants.js';
export { useCan } from './room/hooks/useCan.js';
export { useRoomActions } from './room/hooks/useRoomActions.js';
export type { UseCanOptions } from './room/hooks/useCan.js';
export { useLocalParticipant } from './room/hooks/useLocalParticipant.js';
export { useRemoteParticipants } from './room/hooks/useRemoteParticipants.js';
export { useParticipants } from './room/hooks/useParticipants.js';
export { useParticipant } from './room/hooks/useParticipant.js';
export { useTracks } from './media/useTracks.js';
export type { TrackReference, UseTracksOptions } from './media/useTracks.js';
export { useIsSpeaking } from './room/hooks/useIsSpeaking.js';
export { useActiveSpeakers } from './room/hooks/useActiveSpeakers.js';
export { usePinned } from './layouts/usePinned.js';
export type { PinnedTile } from './layouts/usePinned.js';
export { SPOTLIGHT_ATTRIBUTE, useSpotlight } from './room/hooks/useSpotlight.js';
export { WAITING_ATTRIBUTE, useWaitingRoom } from './waiting-room/useWaitingRoom.js';
export type { WaitingRoomState } from './waiting-room/useWaitingRoom.js';
export { useSpeakerOrder } from './layouts/useSpeakerOrder.js';
export type { SpeakerOrderResult, SpeakerViewState, UseSpeakerOrderOptions } from './layouts/useSpeakerOrder.js';
export { useConnectionQuality } from './room/hooks/useConnectionQuality.js';
export { useIsMuted } from './room/hooks/useIsMuted.js';
export { useTrackToggle } from './media/useTrackToggle.js';
export type { ToggleSource, TrackToggleState, UseTrackToggleOptions } from './media/useTrackToggle.js';
export { DEFAULT_SCREEN_SHARE_OPTIONS } from './media/screenShareOptions.js';
export { useMediaDevices } from './media/devices/useMediaDevices.js';
export type { MediaDevicesState } from './media/devices/useMediaDevices.js';
export { useCameraFlip } from './media/devices/useCameraFlip.js';
export type { CameraFlipState } from './media/devices/useCameraFlip.js';
export type { CameraFacing } from './media/devices/facing.js';
export { useUserChoices } from './media/devices/useUserChoices.js';
export type { UserChoicesState } from './media/devices/useUserChoices.js';
export { USER_CHOICES_STORAGE_KEY } from './media/devices/userChoices.js';
export type { UserChoices } from './media/devices/userChoices.js';
export type { DeviceErrorCode } from './room/toRoomKitError.js';
export type { DeviceKind } from './media/devices/toDeviceError.js';
export { useDataChannel } from './room/hooks/useDataChannel.js';
export type { DataChannel } from './room/hooks/useDataChannel.js';
export { useChat } from './chat/useChat.js';
export type { ChatState } from './chat/useChat.js';
export { useTranscriptions } from './captions/useTranscriptions.js';
export type { UseTranscriptionsOptions } from './captions/useTranscriptions.js';
export { useAgent } from './agent/useAgent.js';
export type { AgentInfo, UseAgentOptions } from './agent/useAgent.js';
export { useTrackVolume } from './media/useTrackVolume.js';
export { useParticipantList } from './people/useParticipantList.js';
export type { ParticipantListState, UseParticipantListOptions } from './people/useParticipantList.js';
export type { UseTrackVolumeOptions } from './media/useTrackVolume.js';

// Components
export { displayName } from './room/displayName.js';
export { defaultLabels } from './labels.js';
// Each feature's strings (their keys are part of RoomKitLabels wherever the feature's types are loaded).
export type { CommonLabels } from './ui/labels.js';
export type { ChatLabels } from './chat/chatLabels.js';
export type { CaptionsLabels } from './captions/captionsLabels.js';
export type { EncryptionLabels } from './e2ee/encryptionLabels.js';
export type { HandsLabels } from './hands/handsLabels.js';
export type { PeopleLabels } from './people/peopleLabels.js';
export type { LayoutLabels } from './layouts/layoutLabels.js';
export type { NotificationLabels } from './notifications/notificationLabels.js';
export type { RecordingControlLabels } from './recording-control/recordingControlLabels.js';
export type { PictureInPictureLabels } from './picture-in-picture/pictureInPictureLabels.js';
export type { EffectsLabels } from './media/effects/effectsLabels.js';
export type { PreJoinLabels } from './meeting/preJoinLabels.js';
export type { TileLabels } from './tile/tileLabels.js';
export type { ShortcutsLabels } from './shortcuts/shortcutsLabels.js';
export type { RoomKitLabels } from './ui/labels.js';
export { VideoTrack, AudioTrack } from './media/VideoTrack.js';
export type { VideoTrackProps, AudioTrackProps } from './media/VideoTrack.js';
export { RoomAudioRenderer } from './media/RoomAudioRenderer.js';
export type { RoomAudioRendererProps } from './media/RoomAudioRenderer.js';
export { StartAudio } from './media/StartAudio.js';
export type { StartAudioProps } from './media/StartAudio.js';
export {
  ParticipantTile,
  ParticipantName,
  ConnectionQualityIndicator,
  TrackMutedIndicator,
} from './tile/ParticipantTile.js';
export type {
  ParticipantTileProps,
  ParticipantNameProps,
  ConnectionQualityIndicatorProps,
  TrackMutedIndicatorProps,
} from './tile/ParticipantTile.js';
export { GridLayout } from './layouts/GridLayout.js';
export type { GridLayoutProps, LayoutProps } from './layouts/GridLayout.js';
export { FocusLayout } from './layouts/FocusLayout.js';
export type { FocusLayoutProps } from './layouts/FocusLayout.js';
export { SpeakerLayout } from './layouts/SpeakerLayout.js';
export type { SpeakerLayoutProps } from './layouts/SpeakerLayout.js';
export { PinButton } from './layouts/PinButton.js';
export type { PinButtonProps } from './layouts/PinButton.js';
export type { TileDescriptor } from './layouts/layout.js';
export { TrackToggle } from './media/TrackToggle.js';
export type { TrackToggleProps } from './media/TrackToggle.js';
export { MediaDeviceSelect } from './media/devices/MediaDeviceSelect.js';
export type { MediaDeviceSelectProps } from './media/devices/MediaDeviceSelect.js';
export { CameraFlipButton } from './media/devices/CameraFlip.js';
export type { CameraFlipButtonProps } from './media/devices/CameraFlip.js';
export { ControlBar } from './meeting/ControlBar.js';
export type { ControlBarProps, ControlBarControls } from './meeting/ControlBar.js';
export { LeaveButton } from './room/LeaveButton.js';
export type { LeaveButtonProps } from './room/LeaveButton.js';
export { Chat } from './chat/Chat.js';
export type { ChatProps } from './chat/Chat.js';
export { Captions } from './captions/Captions.js';
export type { CaptionsProps } from './captions/Captions.js';
export { AudioVisualizer } from './media/AudioVisualizer.js';
export type { AudioVisualizerProps } from './media/AudioVisualizer.js';
export { ConnectionStateToast } from './room/ConnectionStateToast.js';
export type { ConnectionStateToastProps } from './room/ConnectionStateToast.js';
export { RecordingIndicator, RecordingControl } from './recording-control/Recording.js';
export { BreakoutRooms, splitAtRandom } from './breakouts/BreakoutRooms.js';
export type { BreakoutRoomsProps } from './breakouts/BreakoutRooms.js';
export { BreakoutStatus } from './breakouts/BreakoutStatus.js';
export type { BreakoutStatusProps } from './breakouts/BreakoutStatus.js';
export { useBreakout } from './breakouts/useBreakout.js';
export type { BreakoutBroadcast, BreakoutState } from './breakouts/useBreakout.js';
export type { BreakoutLabels } from './breakouts/breakoutLabels.js';
export type { RecordingIndicatorProps, RecordingControlProps } from './recording-control/Recording.js';
export { ParticipantAdminMenu } from './people/ParticipantAdminMenu.js';
export type { ParticipantAdminMenuProps, AdminActions } from './people/ParticipantAdminMenu.js';
export { LiveAnnouncer } from './notifications/LiveAnnouncer.js';
export type { LiveAnnouncerProps } from './notifications/LiveAnnouncer.js';
export { ParticipantList } from './people/ParticipantList.js';
export type { ParticipantListProps } from './people/ParticipantList.js';

// Background effects and noise filter
export { supportsBackgroundEffects, supportsNoiseFilter } from './media/effects/effects.js';
export type {
  BackgroundEffect,
  BackgroundEffectsConfig,
  BackgroundEffectAssetPaths,
  BackgroundProcessorLike,
  BackgroundProcessorOptions,
  BackgroundProcessorsModule,
  EffectStatus,
} from './media/effects/effects.js';
export { useBackgroundEffect } from './media/effects/useBackgroundEffect.js';
export type { BackgroundEffectState, UseBackgroundEffectOptions } from './media/effects/useBackgroundEffect.js';
export { useNoiseFilter } from './media/effects/useNoiseFilter.js';
export type { NoiseFilterState } from './media/effects/useNoiseFilter.js';
export { EffectsControl } from './media/effects/EffectsControl.js';
export type { EffectsControlProps, VirtualBackground } from './media/effects/EffectsControl.js';

// The connection test before joining (its livekit-client steps load when a test starts)
export { createConnectionTest, CONNECTION_TEST_STEPS, CONNECTION_TEST_HIGH_ROUND_TRIP_MS } from './connection-test/connectionTestStore.js';
export type { ConnectionTestStore } from './connection-test/connectionTestStore.js';
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
} from './connection-test/connectionTestTypes.js';
export { useConnectionTest } from './connection-test/useConnectionTest.js';
export type { ConnectionTestControls, UseConnectionTestOptions } from './connection-test/useConnectionTest.js';
export { ConnectionTest } from './connection-test/ConnectionTest.js';
export type { ConnectionTestProps } from './connection-test/ConnectionTest.js';
export { defaultConnectionTestLabels } from './connection-test/connectionTestLabels.js';
export type { ConnectionTestLabels } from './connection-test/connectionTestLabels.js';

// Prefabs
export { PreJoin } from './meeting/PreJoin.js';
export type { PreJoinProps, PreJoinChoices } from './meeting/PreJoin.js';
export { VideoConference } from './meeting/VideoConference.js';
export type { ConferenceLayout, VideoConferenceProps } from './meeting/VideoConference.js';

// Audio rooms, voice agents and recording templates are entries of their own: @roomkit/react/audio-room,
// @roomkit/react/agent and @roomkit/react/recording.

// Raise hand and reactions
export { HAND_TOPIC } from './hands/handStore.js';
export type { RaisedHand } from './hands/handStore.js';
export { REACTION_TOPIC, REACTION_EMOJIS, REACTION_DURATION_MS, REACTION_SEND_LIMIT, REACTION_RECEIVE_LIMIT, REACTION_WINDOW_MS } from './hands/reactionStore.js';
export type { Reaction, ReactionEmoji } from './hands/reactionStore.js';
export { useRaisedHands } from './hands/useRaisedHands.js';
export { useIsHandRaised } from './hands/useIsHandRaised.js';
export { useIsEncrypted } from './e2ee/useIsEncrypted.js';
export { useDecryptionFailed } from './e2ee/useDecryptionFailed.js';
export { useRaiseHand } from './hands/useRaiseHand.js';
export type { RaiseHandState } from './hands/useRaiseHand.js';
export { useLowerHand } from './hands/useLowerHand.js';
export type { LowerHandState } from './hands/useLowerHand.js';
export { useReaction } from './hands/useReaction.js';
export { useSendReaction } from './hands/useSendReaction.js';
export type { SendReactionState } from './hands/useSendReaction.js';
export { RaiseHandToggle } from './hands/RaiseHand.js';
export type { RaiseHandToggleProps } from './hands/RaiseHand.js';
export { RaisedHandIndicator } from './hands/HandIndicators.js';
export type { RaisedHandIndicatorProps } from './hands/HandIndicators.js';
export { ReactionIndicator } from './hands/ReactionIndicator.js';
export type { ReactionIndicatorProps } from './hands/ReactionIndicator.js';
export { ReactionsMenu } from './hands/Reactions.js';
export type { ReactionsMenuProps } from './hands/Reactions.js';
export { usePictureInPicture } from './picture-in-picture/usePictureInPicture.js';
export type { PictureInPictureState, PictureInPictureSupport, UsePictureInPictureOptions } from './picture-in-picture/usePictureInPicture.js';
export { PictureInPicture, PictureInPictureButton, PictureInPictureView } from './picture-in-picture/PictureInPicture.js';
export type { PictureInPictureButtonProps, PictureInPictureProps, PictureInPictureViewProps } from './picture-in-picture/PictureInPicture.js';

// Notifications
export { NOTIFICATION_KINDS, NOTIFICATION_LIMIT, NOTIFICATION_GROUP_WINDOW_MS } from './notifications/notificationStore.js';
export type { NotificationKind, NotificationKinds, NotificationPerson, RoomNotification } from './notifications/notificationStore.js';
export { useNotifications } from './notifications/useNotifications.js';
export type { NotificationsState, UseNotificationsOptions } from './notifications/useNotifications.js';
export { Notifications, NOTIFICATION_DURATION_MS } from './notifications/Notifications.js';
export type { NotificationsProps } from './notifications/Notifications.js';
export { notificationText } from './notifications/notificationText.js';

// Keyboard shortcuts
export { parseShortcut, matchesShortcut, shortcutKeys } from './shortcuts/parseShortcut.js';
export type { Shortcut, ParseShortcutOptions, ShortcutKeyEvent } from './shortcuts/parseShortcut.js';
export { DEFAULT_MEETING_SHORTCUTS } from './shortcuts/meetingShortcuts.js';
export type { MeetingShortcut, MeetingShortcutAction, MeetingShortcuts } from './shortcuts/meetingShortcuts.js';
export { useMeetingShortcuts } from './shortcuts/useMeetingShortcuts.js';
export type { MeetingShortcutsState, UseMeetingShortcutsOptions } from './shortcuts/useMeetingShortcuts.js';
export { MeetingShortcutsDialog } from './shortcuts/MeetingShortcutsDialog.js';
export type { MeetingShortcutsDialogProps } from './shortcuts/MeetingShortcutsDialog.js';
