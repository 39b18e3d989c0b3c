import type { ConnectionTestLabels, RoomKitLabels } from '@roomkit/react';
import { DisconnectReason } from 'livekit-client';

/**
 * A complete label set in Arabic, the connection test's included, for the right-to-left stories (with the toolbar's
 * direction `rtl`): every visible string comes from it, so a picture shows Arabic text laid out right to left.
 */
export const arabic: RoomKitLabels & ConnectionTestLabels = {
  microphone: 'الميكروفون',
  camera: 'الكاميرا',
  screenShare: 'مشاركة الشاشة',
  speaker: 'مكبر الصوت',
  leave: 'مغادرة',
  chat: 'الدردشة',
  chatLog: 'الرسائل',
  chatInput: 'رسالتك',
  chatPlaceholder: 'اكتب…',
  chatSend: 'إرسال',
  chatEmpty: 'لا توجد رسائل.',
  chatSendDisabled: 'للقراءة فقط: لا يمكن لهذه الجلسة الكتابة.',
  chatSendFailed: (r) => `لم تُرسل: ${r}`,
  chatEdited: '(معدّلة)',
  you: '(أنت)',
  microphoneMuted: 'الميكروفون مكتوم',
  cameraOff: 'الكاميرا مطفأة',
  videoUnavailable: 'الفيديو غير متاح',
  speaking: 'يتحدث',
  connectionQuality: (q) => `الاتصال: ${{ excellent: 'ممتاز', good: 'جيد', poor: 'ضعيف', lost: 'مفقود', unknown: 'غير معروف' }[q]}`,
  connecting: 'جارٍ الاتصال…',
  reconnecting: 'جارٍ إعادة الاتصال…',
  signalReconnecting: 'جارٍ إعادة الاتصال…',
  flipCamera: 'تبديل الكاميرا',
  encrypted: 'مشفّر من طرف إلى طرف',
  cannotDecrypt: 'تعذّر فك التشفير: عبارة مرور أخرى؟',
  disconnected: 'غير متصل',
  disconnectedWithReason: (r) => `غير متصل (${r})`,
  waitingForHost: (room) => (room ? `في انتظار أن يسمح لك المضيف بدخول ${room}.` : 'في انتظار أن يسمح لك المضيف بالدخول.'),
  cancelWaiting: 'إلغاء',
  waitingDenied: 'لم يسمح لك المضيف بالدخول.',
  disconnectReason: (r) =>
    r === DisconnectReason.PARTICIPANT_REMOVED ? 'أُخرجت من الاجتماع' : r === DisconnectReason.CLIENT_INITIATED ? 'غادرت الاجتماع' : 'انقطع الاتصال',
  roomError: (code) =>
    code === 'unauthorized'
      ? 'غير مسموح لك بالانضمام إلى هذا الاجتماع.'
      : code === 'room-not-found'
        ? 'هذا الاجتماع غير موجود.'
        : code === 'agent-unavailable'
          ? 'الوكيل غير متاح الآن. حاول مرة أخرى لاحقًا.'
          : code === 'browser-unsupported'
            ? 'لا يستطيع هذا المتصفح الانضمام إلى المكالمات. افتح هذه الصفحة في إصدار حديث من كروم أو إيدج أو فايرفوكس أو سفاري.'
            : 'تعذّر الانضمام إلى الاجتماع.',
  recording: 'تسجيل',
  startRecording: 'بدء التسجيل',
  stopRecording: 'إيقاف التسجيل',
  recordingFailed: (r) => `فشل: ${r}`,
  working: 'جارٍ التنفيذ…',
  adminMenu: (n) => `إدارة ${n}`,
  muteParticipant: 'كتم الميكروفون',
  removeParticipant: 'إخراج',
  allowPublishing: 'السماح بالبث',
  revokePublishing: 'سحب إذن البث',
  spotlight: 'تسليط الضوء للجميع',
  endSpotlight: 'إنهاء تسليط الضوء',
  adminActionFailed: (r) => `فشل: ${r}`,
  hiddenObserver: 'مراقب غير مرئي',
  startAudio: 'تشغيل الصوت',
  selectDevice: (k) => `اختيار: ${k}`,
  noDevices: 'لا توجد أجهزة',
  displayName: 'الاسم الظاهر',
  join: 'انضمام',
  testConnection: 'اختبار الاتصال',
  joinAsViewer: 'الانضمام كمشاهد',
  viewerNotice: 'ستنضم كمشاهد.',
  browserCannotJoin: 'لا يستطيع هذا المتصفح الانضمام إلى المكالمات. افتح هذه الصفحة في إصدار حديث من كروم أو إيدج أو فايرفوكس أو سفاري.',
  cameraPreview: 'معاينة الكاميرا',
  previewOff: 'الكاميرا مطفأة',
  previousPage: 'الصفحة السابقة',
  nextPage: 'الصفحة التالية',
  page: (p, n) => `الصفحة ${p} من ${n}`,
  pin: (name) => `تثبيت ${name}`,
  pinScreen: (name) => `تثبيت شاشة ${name}`,
  waitingQueue: (n) => `في الانتظار (${n})`,
  admit: 'سماح بالدخول',
  admitPerson: (name) => `السماح لـ ${name} بالدخول`,
  admitAll: 'السماح للجميع بالدخول',
  deny: 'رفض',
  denyPerson: (name) => `رفض ${name}`,
  participantWaiting: (name) => `${name} ينتظر الدخول`,
  participantsWaiting: (n) => `${n} أشخاص ينتظرون الدخول`,
  spotlightOn: 'تسليط الضوء',
  spotlightPinned: 'تثبيتك يحل محل تسليط الضوء',
  speakerView: 'عرض المتحدث',
  otherParticipants: 'المشاركون الآخرون',
  participantJoined: (n) => `انضم ${n}`,
  participantLeft: (n) => `غادر ${n}`,
  participantsJoined: (count, names) => (count === 2 ? `انضم ${names[0]} و${names[1]}` : `انضم ${count} أشخاص`),
  participantsLeft: (count, names) => (count === 2 ? `غادر ${names[0]} و${names[1]}` : `غادر ${count} أشخاص`),
  recordingStarted: 'بدأ التسجيل',
  recordingStopped: 'توقف التسجيل',
  notifications: 'الإشعارات',
  dismissNotification: (text) => `إغلاق: ${text}`,
  reconnected: 'أُعيد الاتصال',
  newMessage: (f, m) => `${f}: ${m}`,
  participants: 'المشاركون',
  conference: 'الاجتماع',
  controls: 'عناصر التحكم',
  showChat: 'الدردشة',
  unreadMessages: (count) => (count === 1 ? 'رسالة واحدة غير مقروءة' : `${count} رسائل غير مقروءة`),
  captions: 'الترجمة النصية',
  showCaptions: 'الترجمة النصية',
  captionLine: (speaker, text) => `${speaker}: ${text}`,
  agentState: (state) =>
    state === undefined
      ? 'جارٍ الاتصال…'
      : ({ initializing: 'جارٍ البدء…', idle: 'في الانتظار', listening: 'يستمع', thinking: 'يفكر…', speaking: 'يتحدث' } as Record<string, string>)[state] ?? state,
  agent: 'وكيل ذكاء اصطناعي',
  screenShareSound: 'مشاركة مع الصوت',
  participantsToggle: (count) => `المشاركون (${count})`,
  participantListRows: (count) => (count === 1 ? 'شخص واحد' : `${count} أشخاص`),
  participantSearch: 'البحث عن مشارك',
  participantSearchPlaceholder: 'ابحث بالاسم',
  participantSearchResults: (matches, total) => (matches === 0 ? 'لا أحد يطابق البحث' : `يظهر ${matches} من ${total}`),
  microphoneOn: 'الميكروفون يعمل',
  cameraOn: 'الكاميرا تعمل',
  raiseHand: 'رفع اليد',
  handRaised: 'اليد مرفوعة',
  handRaisedBy: (name) => `رفع ${name} يده`,
  handLoweredBy: (name) => `أنزل ${name} يده`,
  handLoweredForYou: 'أنزل أحد المشرفين يدك',
  lowerHand: 'إنزال اليد',
  reactions: 'التفاعلات',
  reactionName: (emoji) =>
    ({ '👍': 'إعجاب', '👏': 'تصفيق', '😂': 'ضحك', '❤️': 'قلب', '🎉': 'احتفال', '😮': 'دهشة' } as Record<string, string>)[emoji] ?? emoji,
  reacted: (name, emoji) => `تفاعل ${name} بـ ${emoji}`,
  reactionsLimited: 'تفاعلات كثيرة جدًا. انتظر قليلًا.',
  moreControls: 'المزيد',
  closePanel: (panel) => `إغلاق: ${panel}`,
  pictureInPicture: 'صورة داخل صورة',
  pictureInPictureNoVideo: 'لا يوجد فيديو لعرضه حاليًا',
  pictureInPictureWindow: 'الاجتماع (صورة داخل صورة)',
  pictureInPictureOpened: 'فُتحت نافذة صورة داخل صورة',
  pictureInPictureClosed: 'أُغلقت نافذة صورة داخل صورة',
  effects: 'المؤثرات',
  backgroundNone: 'بلا مؤثر',
  backgroundBlur: 'تمويه الخلفية',
  backgroundImage: (n) => `الخلفية ${n}`,
  noiseFilter: 'تنقية الضوضاء',
  effectLoading: 'جارٍ تطبيق المؤثر…',
  deviceProblem: (device, code) => {
    const name = device === 'microphone' ? 'الميكروفون' : device === 'camera' ? 'الكاميرا' : 'مشاركة الشاشة';
    if (code === 'permission-denied') return `${name} محظور: اسمح به من شريط العنوان، ثم حاول مرة أخرى`;
    if (code === 'device-not-found') return `لم يُعثر على ${name}: صِل جهازًا، ثم حاول مرة أخرى`;
    if (code === 'device-in-use') return `${name} يستخدمه تطبيق آخر: أغلقه، ثم حاول مرة أخرى`;
    if (code === 'device-lost') return `فُصل ${name}: أعد توصيله أو اختر غيره، ثم حاول مرة أخرى`;
    if (code === 'not-permitted') return `${name} غير مسموح به في هذا الاجتماع`;
    return `تعذّر تشغيل ${name}: حاول مرة أخرى`;
  },
  tryAgain: 'حاول مرة أخرى',
  savedDeviceMissing: (device) => {
    const name = device === 'microphone' ? 'الميكروفون' : device === 'camera' ? 'الكاميرا' : 'مكبر الصوت';
    return `${name} المحفوظ غير موصول؛ يُستخدم ${name} الافتراضي`;
  },
  testConnectionAgain: 'اختبار مرة أخرى',
  stopConnectionTest: 'إيقاف الاختبار',
  connectionTest: 'اختبار الاتصال',
  connectionTestStep: (step) =>
    ({
      signalling: 'اتصال الإشارات',
      webrtc: 'اتصال WebRTC',
      publishAudio: 'إرسال الصوت',
      publishVideo: 'إرسال الفيديو',
      roundTrip: 'زمن الذهاب والإياب',
      turn: 'خادم الترحيل (TURN)',
    })[step],
  connectionTestStatus: (status) =>
    ({ pending: 'في الانتظار', running: 'جارٍ الاختبار…', passed: 'نجح', failed: 'فشل', skipped: 'تُخطّي', finding: 'للعلم' })[status],
  connectionTestResult: (step) => {
    const m = step.measurement;
    if (step.reason === 'not-permitted') return 'دورك لا يسمح بالنشر';
    if (step.reason === 'switched-off') return 'معطّل';
    if (step.reason === 'earlier-step-failed') return 'يعتمد على الخطوات السابقة';
    if (step.reason === 'cancelled') return 'أُوقف';
    if (step.reason === 'no-turn') return 'لا يوفّر الخادم ترحيلًا: لن تتمكن الشبكات التي تحظر الاتصالات المباشرة من الانضمام';
    if (step.reason === 'turn-unknown') return 'تعذّر معرفة ما إذا كان الخادم يوفّر ترحيلًا';
    if (step.reason === 'high-round-trip') return `${m?.roundTripMs ?? '؟'} م.ث: قد تتأخر المكالمة`;
    if (step.reason === 'round-trip-unavailable') return 'لم يُفصح المتصفح عنه';
    if (step.status === 'failed') {
      return step.reason === 'permission-denied' || step.reason === 'device-not-found' || step.reason === 'device-in-use' || step.reason === 'device-error'
        ? 'الجهاز غير متاح'
        : step.reason === 'unauthorized' || step.reason === 'token-expired' || step.reason === 'invalid-connection' || step.reason === 'missing-connection'
          ? 'رُفض الوصول'
          : 'تعذّر الاتصال';
    }
    if (step.id === 'roundTrip') return `${m?.roundTripMs ?? '؟'} م.ث`;
    if (step.id === 'publishAudio' || step.id === 'publishVideo') return `أُرسل ${Math.max(1, Math.round((m?.bytesSent ?? 0) / 1000))} ك.ب`;
    if (step.id === 'signalling') return 'متصل بخادم الوسائط';
    return m?.candidateType === 'relay' ? 'متصل عبر ترحيل' : m?.candidateType === 'host' ? 'متصل مباشرة' : 'متصل';
  },
  connectionTestFix: (reason) =>
    ({
      'missing-connection': 'لم تصل معلومات الاجتماع بعد. انتظر، ثم اختبر مرة أخرى.',
      'invalid-connection': 'رابط الاجتماع غير صالح. اطلب رابطًا جديدًا من المنظّم.',
      'token-expired': 'انتهت صلاحية وصولك. أعد تحميل الصفحة.',
      unauthorized: 'رفض الخادم وصولك. أعد تحميل الصفحة؛ وإلا فاطلب رابطًا جديدًا.',
      unreachable: 'تعذّر الوصول إلى خادم الوسائط. تحقّق من اتصالك بالإنترنت، أو جرّب دون شبكة افتراضية أو وكيل.',
      'ice-failed': 'شبكتك تحظر مكالمات الفيديو. جرّب شبكة أخرى، أو اطلب من قسم تقنية المعلومات السماح بـ WebRTC ‏(UDP).',
      'permission-denied': 'حظر المتصفح الجهاز. اسمح به من شريط العنوان، ثم اختبر مرة أخرى.',
      'device-not-found': 'لم يُعثر على أي جهاز. صِل جهازًا، ثم اختبر مرة أخرى.',
      'device-in-use': 'تطبيق آخر يستخدم الجهاز. أغلقه، ثم اختبر مرة أخرى.',
      'device-error': 'تعذّر تشغيل الجهاز. أعد توصيله أو اختر غيره.',
      'publish-refused': 'لم يقبل الخادم صوتك أو الفيديو. أعد تحميل الصفحة.',
      'no-media-sent': 'تعذّر إرسال أي شيء. جرّب شبكة أخرى، أو دون شبكة افتراضية.',
      'turn-failed': 'تعذّر الوصول إلى خادم الترحيل. جرّب شبكة أخرى.',
      failed: 'حدث خطأ. اختبر مرة أخرى، أو أعد تحميل الصفحة.',
    })[reason],
  connectionTestSummary: ({ state, steps }) => {
    const failed = steps.filter((s) => s.status === 'failed').length;
    const notes = steps.filter((s) => s.status === 'finding').length;
    if (state === 'running') return 'جارٍ اختبار الاتصال…';
    if (state === 'cancelled') return 'أُوقف اختبار الاتصال';
    if (state === 'failed') return `اختبار الاتصال: فشلت ${failed} من الخطوات`;
    if (state === 'passed') return notes === 0 ? 'نجح اختبار الاتصال' : `نجح اختبار الاتصال، مع ${notes} من الملاحظات`;
    return '';
  },
  audioConference: 'غرفة صوتية',
  audioSpeakers: (n) => `المتحدثون (${n})`,
  audioListeners: (n) => `المستمعون (${n})`,
  audioNoSpeakers: 'لا أحد يتحدث بعد',
  audioNoListeners: 'لا مستمعين حتى الآن',
  audioListening: 'أنت تستمع',
  agentConversation: 'محادثة مع وكيل ذكاء اصطناعي',
  agentTranscript: 'النص المكتوب',
  agentTranscriptEmpty: 'لم يُقل شيء بعد. تحدّث، أو اكتب رسالة.',
  agentYou: 'أنت',
  agentJumpToLatest: 'الانتقال إلى الأحدث',
  agentWaiting: 'في انتظار الوكيل…',
  agentEnded: 'انتهت المحادثة.',
  agentControls: 'عناصر التحكم في المحادثة',
  agentMessage: 'رسالة إلى الوكيل',
  agentMessagePlaceholder: 'اكتب رسالة…',
  agentEnd: 'إنهاء المحادثة',
  recordingView: 'تسجيل',
  recordingWaiting: 'في انتظار المشاركين…',
  keyboardShortcuts: 'اختصارات لوحة المفاتيح',
  shortcutAction: (a) =>
    ({
      toggleMicrophone: 'تشغيل الميكروفون أو إيقافه',
      toggleCamera: 'تشغيل الكاميرا أو إيقافها',
      pushToTalk: 'اضغط مطولًا للتحدث أثناء الكتم',
      raiseHand: 'رفع يدك أو خفضها',
      openChat: 'فتح الدردشة',
      showShortcuts: 'عرض اختصارات لوحة المفاتيح',
    })[a],
  shortcutDone: (a, on) =>
    a === 'toggleCamera'
      ? on
        ? 'الكاميرا تعمل'
        : 'الكاميرا مطفأة'
      : a === 'raiseHand'
        ? on
          ? 'يدك مرفوعة'
          : 'يدك منخفضة'
        : a === 'openChat'
          ? 'فُتحت الدردشة'
          : a === 'showShortcuts'
            ? 'اختصارات لوحة المفاتيح'
            : on
              ? 'الميكروفون يعمل'
              : 'الميكروفون مكتوم',
  keyName: (k, apple) =>
    ({ Ctrl: 'Ctrl', Alt: apple ? 'Option' : 'Alt', Meta: apple ? 'Command' : 'Meta', Shift: 'Shift', Space: 'مسافة' })[k] ?? k,
  shortcutsHint: 'لا تعمل الاختصارات أثناء الكتابة في حقل.',
  inBreakoutRoom: (name) => `أنت في ${name}`,
  breakoutClosing: (seconds) => `العودة إلى الغرفة الرئيسية خلال ${seconds} ث`,
  breakoutBroadcast: (from, message) => `${from} إلى كل الغرف: ${message}`,
  breakoutRooms: 'الغرف الفرعية',
  breakoutRoomCount: 'عدد الغرف',
  breakoutRoomName: (index) => `الغرفة ${index}`,
  breakoutRoomNameField: (index) => `اسم الغرفة ${index}`,
  breakoutRoomFor: (name) => `غرفة ${name}`,
  mainRoom: 'الغرفة الرئيسية',
  splitAtRandom: 'توزيع عشوائي',
  openBreakoutRooms: 'فتح الغرف',
  visitBreakoutRoom: (name) => `الانضمام إلى ${name}`,
  returnToMainRoom: 'العودة إلى الغرفة الرئيسية',
  broadcastField: 'رسالة إلى كل الغرف',
  sendBroadcast: 'إرسال إلى كل الغرف',
  closeCountdownField: 'العد التنازلي (ثوانٍ)',
  closeBreakoutRooms: 'إغلاق الغرف',
  breakoutRoomEmpty: 'لا أحد بعد',
  breakoutFailed: (reason) => `الغرف الفرعية: ${reason}`,
};
