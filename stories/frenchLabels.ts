import type { ConnectionTestLabels, RoomKitLabels } from '@roomkit/react';
import { DisconnectReason } from 'livekit-client';

/** A complete label set in French, the connection test's included: every visible string must come from it. */
export const french: RoomKitLabels & ConnectionTestLabels = {
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
  waitingForHost: (room) => (room ? `En attente que l’hôte vous fasse entrer dans ${room}.` : 'En attente que l’hôte vous fasse entrer.'),
  cancelWaiting: 'Annuler',
  waitingDenied: 'L’hôte ne vous a pas fait entrer.',
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
          : code === 'browser-unsupported'
            ? 'Ce navigateur ne peut pas rejoindre d’appel. Ouvrez cette page dans un Chrome, Edge, Firefox ou Safari récent.'
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
  spotlight: 'Mettre en avant pour tous',
  endSpotlight: 'Ne plus mettre en avant',
  adminActionFailed: (r) => `Échec : ${r}`,
  hiddenObserver: 'Observateur invisible',
  startAudio: 'Activer le son',
  selectDevice: (k) => `Choisir : ${k}`,
  noDevices: 'Aucun appareil',
  displayName: 'Nom affiché',
  join: 'Rejoindre',
  testConnection: 'Tester la connexion',
  joinAsViewer: 'Rejoindre en spectateur',
  viewerNotice: 'Vous rejoignez en spectateur.',
  browserCannotJoin: 'Ce navigateur ne peut pas rejoindre d’appel. Ouvrez cette page dans un Chrome ou Edge, Firefox ou Safari récent.',
  cameraPreview: 'Aperçu caméra',
  previewOff: 'Caméra éteinte',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  page: (p, n) => `Page ${p} sur ${n}`,
  pin: (name) => `Épingler ${name}`,
  pinScreen: (name) => `Épingler l'écran de ${name}`,
  waitingQueue: (n) => `En attente (${n})`,
  admit: 'Faire entrer',
  admitPerson: (name) => `Faire entrer ${name}`,
  admitAll: 'Faire entrer tout le monde',
  deny: 'Refuser',
  denyPerson: (name) => `Refuser ${name}`,
  participantWaiting: (name) => `${name} attend d’entrer`,
  participantsWaiting: (n) => `${n} personnes attendent d’entrer`,
  spotlightOn: 'Mis en avant',
  spotlightPinned: 'Votre épingle remplace la mise en avant',
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
  screenShareSound: 'Partagé avec le son',
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
  testConnectionAgain: 'Tester à nouveau',
  stopConnectionTest: 'Arrêter le test',
  connectionTest: 'Test de connexion',
  connectionTestStep: (step) =>
    ({
      signalling: 'Connexion de signalisation',
      webrtc: 'Connexion WebRTC',
      publishAudio: 'Envoi du son',
      publishVideo: 'Envoi de la vidéo',
      roundTrip: 'Aller-retour',
      turn: 'Serveur relais (TURN)',
    })[step],
  connectionTestStatus: (status) =>
    ({ pending: 'En attente', running: 'Test en cours…', passed: 'Réussi', failed: 'Échec', skipped: 'Ignoré', finding: 'À savoir' })[status],
  connectionTestResult: (step) => {
    const m = step.measurement;
    if (step.reason === 'not-permitted') return 'Votre rôle ne permet pas de publier';
    if (step.reason === 'switched-off') return 'Désactivé';
    if (step.reason === 'earlier-step-failed') return 'Dépend des étapes précédentes';
    if (step.reason === 'cancelled') return 'Arrêté';
    if (step.reason === 'no-turn') return 'Le serveur n’offre pas de relais : les réseaux qui bloquent les connexions directes ne pourront pas rejoindre';
    if (step.reason === 'turn-unknown') return 'Impossible de savoir si le serveur offre un relais';
    if (step.reason === 'high-round-trip') return `${m?.roundTripMs ?? '?'} ms : l’appel risque d’avoir du retard`;
    if (step.reason === 'round-trip-unavailable') return 'Le navigateur ne l’a pas indiqué';
    if (step.status === 'failed') {
      return step.reason === 'permission-denied' || step.reason === 'device-not-found' || step.reason === 'device-in-use' || step.reason === 'device-error'
        ? 'Appareil indisponible'
        : step.reason === 'unauthorized' || step.reason === 'token-expired' || step.reason === 'invalid-connection' || step.reason === 'missing-connection'
          ? 'Accès refusé'
          : 'Connexion impossible';
    }
    if (step.id === 'roundTrip') return `${m?.roundTripMs ?? '?'} ms`;
    if (step.id === 'publishAudio' || step.id === 'publishVideo') return `${Math.max(1, Math.round((m?.bytesSent ?? 0) / 1000))} ko envoyés`;
    if (step.id === 'signalling') return 'Connecté au serveur média';
    return m?.candidateType === 'relay' ? 'Connecté via un relais' : m?.candidateType === 'host' ? 'Connecté directement' : 'Connecté';
  },
  connectionTestFix: (reason) =>
    ({
      'missing-connection': 'Les informations de la réunion ne sont pas encore arrivées. Patientez, puis testez à nouveau.',
      'invalid-connection': 'Le lien de la réunion n’est pas valide. Demandez un nouveau lien à l’organisateur.',
      'token-expired': 'Votre accès a expiré. Rechargez la page.',
      unauthorized: 'Le serveur a refusé votre accès. Rechargez la page ; sinon, demandez un nouveau lien.',
      unreachable: 'Serveur média injoignable. Vérifiez votre connexion internet, ou essayez sans VPN ni proxy.',
      'ice-failed': 'Votre réseau bloque les appels vidéo. Essayez un autre réseau, ou demandez à votre service informatique d’autoriser WebRTC (UDP).',
      'permission-denied': 'Le navigateur a bloqué l’appareil. Autorisez-le dans la barre d’adresse, puis testez à nouveau.',
      'device-not-found': 'Aucun appareil trouvé. Branchez-en un, puis testez à nouveau.',
      'device-in-use': 'Une autre application utilise l’appareil. Fermez-la, puis testez à nouveau.',
      'device-error': 'L’appareil n’a pas pu démarrer. Rebranchez-le ou choisissez-en un autre.',
      'publish-refused': 'Le serveur n’a pas accepté votre son ou votre vidéo. Rechargez la page.',
      'no-media-sent': 'Rien n’a pu être envoyé. Essayez un autre réseau, ou sans VPN.',
      'turn-failed': 'Le serveur relais est injoignable. Essayez un autre réseau.',
      failed: 'Une erreur est survenue. Testez à nouveau, ou rechargez la page.',
    })[reason],
  connectionTestSummary: ({ state, steps }) => {
    const failed = steps.filter((s) => s.status === 'failed').length;
    const notes = steps.filter((s) => s.status === 'finding').length;
    if (state === 'running') return 'Test de la connexion…';
    if (state === 'cancelled') return 'Test de connexion arrêté';
    if (state === 'failed') return `Test de connexion : ${failed} étape${failed > 1 ? 's' : ''} en échec`;
    if (state === 'passed') return notes === 0 ? 'Test de connexion réussi' : `Test de connexion réussi, ${notes} point${notes > 1 ? 's' : ''} à savoir`;
    return '';
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
  recordingView: 'Enregistrement',
  recordingWaiting: 'En attente des participants…',
  keyboardShortcuts: 'Raccourcis clavier',
  shortcutAction: (action) =>
    ({
      toggleMicrophone: 'Activer ou couper le micro',
      toggleCamera: 'Activer ou couper la caméra',
      pushToTalk: 'Maintenir pour parler, micro coupé',
      raiseHand: 'Lever ou baisser la main',
      openChat: 'Ouvrir la discussion',
      showShortcuts: 'Afficher les raccourcis clavier',
    })[action],
  shortcutDone: (action, on) =>
    action === 'toggleCamera'
      ? `Caméra ${on ? 'activée' : 'coupée'}`
      : action === 'raiseHand'
        ? `Main ${on ? 'levée' : 'baissée'}`
        : action === 'openChat'
          ? 'Discussion ouverte'
          : action === 'showShortcuts'
            ? 'Raccourcis clavier'
            : `Micro ${on ? 'activé' : 'coupé'}`,
  keyName: (key, apple) =>
    ({ Ctrl: apple ? 'Contrôle' : 'Ctrl', Alt: apple ? 'Option' : 'Alt', Shift: 'Maj', Meta: apple ? 'Commande' : 'Méta', Space: 'Espace', Enter: 'Entrée', Escape: 'Échap' })[key] ?? key,
  shortcutsHint: 'Les raccourcis ne font rien pendant la saisie dans un champ.',
  inBreakoutRoom: (name) => `Vous êtes dans ${name}`,
  breakoutClosing: (seconds) => `Retour à la salle principale dans ${seconds} s`,
  breakoutBroadcast: (from, message) => `${from} à toutes les salles : ${message}`,
  breakoutRooms: 'Salles de sous-groupe',
  breakoutRoomCount: 'Salles',
  breakoutRoomName: (index) => `Salle ${index}`,
  breakoutRoomNameField: (index) => `Nom de la salle ${index}`,
  breakoutRoomFor: (name) => `Salle de ${name}`,
  mainRoom: 'Salle principale',
  splitAtRandom: 'Répartir au hasard',
  openBreakoutRooms: 'Ouvrir les salles',
  visitBreakoutRoom: (name) => `Rejoindre ${name}`,
  returnToMainRoom: 'Revenir à la salle principale',
  broadcastField: 'Message à toutes les salles',
  sendBroadcast: 'Envoyer à toutes les salles',
  closeCountdownField: 'Compte à rebours (secondes)',
  closeBreakoutRooms: 'Fermer les salles',
  breakoutRoomEmpty: 'Personne pour l’instant',
  breakoutFailed: (reason) => `Salles de sous-groupe : ${reason}`,
};
