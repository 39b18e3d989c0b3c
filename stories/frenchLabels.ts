import type { RoomKitLabels } from '@roomkit/react';
import { DisconnectReason } from 'livekit-client';

/** A complete label set in French: every visible string must come from it. */
export const french: RoomKitLabels = {
  microphone: 'Micro',
  camera: 'Caméra',
  screenShare: 'Partager l’écran',
  speaker: 'Haut-parleur',
  leave: 'Quitter',
  chat: 'Discussion',
  chatLog: 'Messages',
  chatInput: 'Votre message',
  chatPlaceholder: 'Écrire…',
  chatSend: 'Envoyer',
  chatEmpty: 'Aucun message.',
  chatSendDisabled: 'Lecture seule : cette session ne peut pas écrire.',
  chatSendFailed: (r) => `Non envoyé : ${r}`,
  chatEdited: '(modifié)',
  you: '(vous)',
  microphoneMuted: 'Micro coupé',
  cameraOff: 'Caméra éteinte',
  videoUnavailable: 'Vidéo indisponible',
  speaking: 'Parle',
  connectionQuality: (q) => `Connexion : ${{ excellent: 'excellente', good: 'bonne', poor: 'faible', lost: 'perdue', unknown: 'inconnue' }[q]}`,
  connecting: 'Connexion…',
  reconnecting: 'Reconnexion…',
  signalReconnecting: 'Reconnexion…',
  flipCamera: 'Changer de caméra',
  encrypted: 'Chiffré de bout en bout',
  cannotDecrypt: 'Déchiffrement impossible : autre phrase secrète ?',
  disconnected: 'Déconnecté',
  disconnectedWithReason: (r) => `Déconnecté (${r})`,
  disconnectReason: (r) =>
    r === DisconnectReason.PARTICIPANT_REMOVED
      ? 'retiré de la réunion'
      : r === DisconnectReason.CLIENT_INITIATED
        ? 'vous avez quitté la réunion'
        : 'connexion perdue',
  roomError: (code) =>
    code === 'unauthorized'
      ? 'Vous n’êtes pas autorisé à rejoindre cette réunion.'
      : code === 'room-not-found'
        ? 'Cette réunion n’existe pas.'
        : code === 'agent-unavailable'
          ? 'L’agent n’est pas disponible pour le moment. Réessayez plus tard.'
          : 'Impossible de rejoindre la réunion.',
  recording: 'Enregistrement',
  startRecording: 'Démarrer l’enregistrement',
  stopRecording: 'Arrêter l’enregistrement',
  recordingFailed: (r) => `Échec : ${r}`,
  working: 'En cours…',
  adminMenu: (n) => `Gérer ${n}`,
  muteParticipant: 'Couper le micro',
  removeParticipant: 'Exclure',
  allowPublishing: 'Autoriser la diffusion',
  revokePublishing: 'Retirer la diffusion',
  adminActionFailed: (r) => `Échec : ${r}`,
  hiddenObserver: 'Observateur invisible',
  startAudio: 'Activer le son',
  selectDevice: (k) => `Choisir : ${k}`,
  noDevices: 'Aucun appareil',
  displayName: 'Nom affiché',
  join: 'Rejoindre',
  joinAsViewer: 'Rejoindre en spectateur',
  viewerNotice: 'Vous rejoignez en spectateur.',
  cameraPreview: 'Aperçu caméra',
  previewOff: 'Caméra éteinte',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  page: (p, n) => `Page ${p} sur ${n}`,
  pin: (name) => `Épingler ${name}`,
  pinScreen: (name) => `Épingler l'écran de ${name}`,
  speakerView: 'Vue intervenant',
  otherParticipants: 'Autres participants',
  participantJoined: (n) => `${n} est arrivé`,
  participantLeft: (n) => `${n} est parti`,
  participantsJoined: (count, names) => (count === 2 ? `${names[0]} et ${names[1]} sont arrivés` : `${count} personnes sont arrivées`),
  participantsLeft: (count, names) => (count === 2 ? `${names[0]} et ${names[1]} sont partis` : `${count} personnes sont parties`),
  recordingStarted: 'Enregistrement démarré',
  recordingStopped: 'Enregistrement arrêté',
  notifications: 'Notifications',
  dismissNotification: (text) => `Fermer : ${text}`,
  reconnected: 'Reconnecté',
  newMessage: (f, m) => `${f} : ${m}`,
  participants: 'Participants',
  conference: 'Réunion',
  controls: 'Commandes',
  showChat: 'Discussion',
  unreadMessages: (count) => `${count} non lu${count > 1 ? 's' : ''}`,
  captions: 'Sous-titres',
  showCaptions: 'Sous-titres',
  captionLine: (speaker, text) => `${speaker} : ${text}`,
  agentState: (state) =>
    state === undefined
      ? 'Connexion…'
      : ({ initializing: 'Démarrage…', idle: 'En attente', listening: 'À l’écoute', thinking: 'Réflexion…', speaking: 'Parle' } as Record<string, string>)[state] ?? state,
  agent: 'Agent IA',
  participantsToggle: (count) => `Participants (${count})`,
  participantListRows: (count) => (count === 1 ? '1 personne' : `${count} personnes`),
  participantSearch: 'Chercher un participant',
  participantSearchPlaceholder: 'Chercher par nom',
  participantSearchResults: (matches, total) => (matches === 0 ? 'Personne ne correspond' : `${matches} sur ${total} affichés`),
  microphoneOn: 'Micro activé',
  cameraOn: 'Caméra activée',
  raiseHand: 'Lever la main',
  handRaised: 'Main levée',
  handRaisedBy: (name) => `${name} a levé la main`,
  handLoweredBy: (name) => `${name} a baissé la main`,
  handLoweredForYou: 'Un modérateur a baissé votre main',
  lowerHand: 'Baisser la main',
  reactions: 'Réactions',
  reactionName: (emoji) =>
    ({ '👍': 'Pouce levé', '👏': 'Applaudissements', '😂': 'Rire', '❤️': 'Cœur', '🎉': 'Fête', '😮': 'Surprise' } as Record<string, string>)[emoji] ?? emoji,
  reacted: (name, emoji) => `${name} a réagi ${emoji}`,
  reactionsLimited: 'Trop de réactions. Patientez un instant.',
  moreControls: 'Plus',
  closePanel: (panel) => `Fermer : ${panel}`,
  pictureInPicture: 'Image dans l’image',
  pictureInPictureNoVideo: 'Aucune vidéo à afficher pour l’instant',
  pictureInPictureWindow: 'Réunion (image dans l’image)',
  pictureInPictureOpened: 'Image dans l’image ouverte',
  pictureInPictureClosed: 'Image dans l’image fermée',
  effects: 'Effets',
  backgroundNone: 'Aucun effet',
  backgroundBlur: 'Flouter l’arrière-plan',
  backgroundImage: (n) => `Arrière-plan ${n}`,
  noiseFilter: 'Filtre de bruit',
  effectLoading: 'Application de l’effet…',
  deviceProblem: (device, code) => {
    const nom = device === 'microphone' ? 'Micro' : device === 'camera' ? 'Caméra' : 'Partage d’écran';
    if (code === 'permission-denied') return `${nom} bloqué : autorisez-le dans la barre d’adresse, puis réessayez`;
    if (code === 'device-not-found') return `${nom} introuvable : branchez-en un, puis réessayez`;
    if (code === 'device-in-use') return `${nom} utilisé par une autre application : fermez-la, puis réessayez`;
    if (code === 'device-lost') return `${nom} débranché : rebranchez-le ou choisissez-en un autre, puis réessayez`;
    if (code === 'not-permitted') return `${nom} non autorisé dans cette réunion`;
    return `${nom} n’a pas pu démarrer : réessayez`;
  },
  tryAgain: 'Réessayer',
  savedDeviceMissing: (device) => {
    const nom = device === 'microphone' ? 'micro' : device === 'camera' ? 'caméra' : 'haut-parleur';
    return `Votre ${nom} enregistré n’est pas branché ; ${nom} par défaut utilisé`;
  },
  audioConference: 'Salon audio',
  audioSpeakers: (n) => `Intervenants (${n})`,
  audioListeners: (n) => `Auditeurs (${n})`,
  audioNoSpeakers: 'Personne n’a encore la parole',
  audioNoListeners: 'Aucun auditeur pour l’instant',
  audioListening: 'Vous écoutez',
  agentConversation: 'Conversation avec un agent IA',
  agentTranscript: 'Transcription',
  agentTranscriptEmpty: 'Rien n’a encore été dit. Parlez, ou écrivez un message.',
  agentYou: 'Vous',
  agentJumpToLatest: 'Aller au plus récent',
  agentWaiting: 'En attente de l’agent…',
  agentEnded: 'La conversation est terminée.',
  agentControls: 'Commandes de la conversation',
  agentMessage: 'Message à l’agent',
  agentMessagePlaceholder: 'Écrivez un message…',
  agentEnd: 'Terminer la conversation',
};

