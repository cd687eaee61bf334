/*
 * The video page's texts in a plain object (i18next alone would take most of the page's 40 kB budget). German first
 * and in the Sie-form; English complete. Wording stays neutral: a therapist may be a woman or a man.
 */

import { fillIn, type GuestLanguage } from '../lib/guest-language';

export type Language = GuestLanguage;

const de = {
  title: 'Videosprechstunde',
  loading: 'Einen Moment bitte …',
  invalidLink: 'Dieser Link ist ungültig oder abgelaufen.',
  therapistLinkExpired: 'Dieser Link ist abgelaufen. Bitte starten Sie die Videosprechstunde im Kalender erneut.',
  tooEarly: 'Die Videosprechstunde beginnt am {date} um {time} Uhr. Sie können ab {minutes} Minuten vorher beitreten.',
  tooEarlyRecheck: 'Diese Seite prüft regelmäßig, ob Sie schon beitreten können.',
  sessionEnded: 'Diese Videosprechstunde ist vorbei oder wurde abgesagt. Der Link gilt nicht mehr.',
  loadFailed: 'Die Videosprechstunde konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung.',
  retry: 'Erneut versuchen',
  appointmentWith: 'Termin am {date} um {time} Uhr bei {therapist} · {practice}',
  appointmentWithPatient: 'Termin am {date} um {time} Uhr mit {patient}',
  checkTitle: 'Kamera und Mikrofon prüfen',
  checkIntro: 'Bitte erlauben Sie den Zugriff auf Kamera und Mikrofon, wenn Ihr Browser danach fragt.',
  ownPreview: 'Ihr eigenes Bild',
  micLevel: 'Mikrofonpegel',
  micLevelHint: 'Sprechen Sie kurz: Der Balken zeigt, dass Ihr Mikrofon Sie hört.',
  camera: 'Kamera',
  microphone: 'Mikrofon',
  speaker: 'Lautsprecher',
  defaultDevice: 'Standard',
  deviceUnnamed: '{kind} {number}',
  join: 'Beitreten',
  joinAudioOnly: 'Sie können ohne Kamera beitreten; Ihr Gegenüber hört Sie dann nur.',
  joinWithoutMedia: 'Sie können trotzdem beitreten; Ihr Gegenüber sieht und hört Sie dann nicht.',
  'device.notAllowed':
    'Der Zugriff auf {device} wurde nicht erlaubt. Bitte erlauben Sie ihn in den Einstellungen Ihres Browsers (meist über das Schloss-Symbol neben der Adresse) und laden Sie die Seite neu.',
  'device.notFound':
    'Es wurde kein Gerät gefunden ({device}). Bitte schließen Sie eines an und laden Sie die Seite neu.',
  'device.busy':
    'Das Gerät ({device}) wird gerade von einem anderen Programm verwendet. Bitte schließen Sie das andere Programm und laden Sie die Seite neu.',
  'device.unsupported':
    'Ihr Browser unterstützt keine Videosprechstunde. Bitte verwenden Sie einen aktuellen Browser wie Firefox, Chrome, Edge oder Safari.',
  'device.failed': 'Auf das Gerät ({device}) konnte nicht zugegriffen werden.',
  theCamera: 'die Kamera',
  theMicrophone: 'das Mikrofon',
  cameraAndMicrophone: 'Kamera und Mikrofon',
  connecting: 'Verbindung wird aufgebaut …',
  waitingRoom: 'Bitte warten Sie, die Therapeutin / der Therapeut lässt Sie gleich eintreten.',
  lobbyEmpty: 'Noch wartet niemand. Sobald die Patientin / der Patient beitritt, sehen Sie es hier.',
  patientWaiting: 'Patient:in wartet',
  admit: 'Eintreten lassen',
  peerLeft: 'Ihr Gegenüber hat die Verbindung verlassen. Bitte warten Sie …',
  iceReconnecting: 'Verbindung wird wiederhergestellt …',
  socketReconnecting: 'Die Verbindung zum Server ist unterbrochen. Neuer Versuch …',
  remoteVideo: 'Bild Ihres Gegenübers',
  direct: 'Direkt und Ende-zu-Ende verschlüsselt',
  relay: 'Ende-zu-Ende verschlüsselt über Relay-Server',
  mute: 'Mikrofon aus',
  unmute: 'Mikrofon an',
  cameraOff: 'Kamera aus',
  cameraOn: 'Kamera an',
  shareScreen: 'Bildschirm teilen',
  stopSharing: 'Teilen beenden',
  shareFailed: 'Der Bildschirm konnte nicht geteilt werden.',
  hangUp: 'Auflegen',
  ended: 'Die Videosprechstunde wurde beendet.',
  endedTime: 'Die Zeit für diese Videosprechstunde ist abgelaufen.',
  endedCancelled: 'Der Termin wurde abgesagt.',
  closeTab: 'Sie können dieses Fenster jetzt schließen.',
  'error.roomFull': 'Mit diesem Link ist bereits jemand in der Videosprechstunde.',
  'error.notAllowed': 'Sie dürfen diese Videosprechstunde nicht betreten.',
  'error.other': 'Die Verbindung wurde wegen eines Fehlers getrennt.',
  rejoin: 'Erneut beitreten',
};

export type TextKey = keyof typeof de;

const en: Record<TextKey, string> = {
  title: 'Video consultation',
  loading: 'One moment please …',
  invalidLink: 'This link is invalid or has expired.',
  therapistLinkExpired: 'This link has expired. Please start the video consultation from the calendar again.',
  tooEarly: 'The video consultation starts on {date} at {time}. You can join from {minutes} minutes before.',
  tooEarlyRecheck: 'This page checks regularly whether you can join yet.',
  sessionEnded: 'This video consultation is over or was cancelled. The link is no longer valid.',
  loadFailed: 'The video consultation could not be loaded. Please check your internet connection.',
  retry: 'Try again',
  appointmentWith: 'Appointment on {date} at {time} with {therapist} · {practice}',
  appointmentWithPatient: 'Appointment on {date} at {time} with {patient}',
  checkTitle: 'Check camera and microphone',
  checkIntro: 'Please allow access to your camera and microphone when your browser asks.',
  ownPreview: 'Your own picture',
  micLevel: 'Microphone level',
  micLevelHint: 'Say something: the bar shows that your microphone hears you.',
  camera: 'Camera',
  microphone: 'Microphone',
  speaker: 'Speaker',
  defaultDevice: 'Default',
  deviceUnnamed: '{kind} {number}',
  join: 'Join',
  joinAudioOnly: 'You can join without a camera; the other party will then only hear you.',
  joinWithoutMedia: 'You can still join; the other party will then neither see nor hear you.',
  'device.notAllowed':
    'Access to {device} was not allowed. Please allow it in your browser settings (usually via the lock symbol next to the address) and reload the page.',
  'device.notFound': 'No device was found ({device}). Please connect one and reload the page.',
  'device.busy':
    'The device ({device}) is being used by another program. Please close the other program and reload the page.',
  'device.unsupported':
    'Your browser does not support video consultations. Please use a current browser such as Firefox, Chrome, Edge or Safari.',
  'device.failed': 'The device ({device}) could not be accessed.',
  theCamera: 'the camera',
  theMicrophone: 'the microphone',
  cameraAndMicrophone: 'camera and microphone',
  connecting: 'Connecting …',
  waitingRoom: 'Please wait, your therapist will let you in shortly.',
  lobbyEmpty: 'Nobody is waiting yet. You will see it here as soon as the patient joins.',
  patientWaiting: 'Patient is waiting',
  admit: 'Let in',
  peerLeft: 'The other party has left the connection. Please wait …',
  iceReconnecting: 'Reconnecting …',
  socketReconnecting: 'The connection to the server was interrupted. Trying again …',
  remoteVideo: 'Picture of the other party',
  direct: 'Direct and end-to-end encrypted',
  relay: 'End-to-end encrypted via relay server',
  mute: 'Microphone off',
  unmute: 'Microphone on',
  cameraOff: 'Camera off',
  cameraOn: 'Camera on',
  shareScreen: 'Share screen',
  stopSharing: 'Stop sharing',
  shareFailed: 'The screen could not be shared.',
  hangUp: 'Hang up',
  ended: 'The video consultation has ended.',
  endedTime: 'The time for this video consultation is over.',
  endedCancelled: 'The appointment was cancelled.',
  closeTab: 'You can close this window now.',
  'error.roomFull': 'Someone is already in the video consultation with this link.',
  'error.notAllowed': 'You may not enter this video consultation.',
  'error.other': 'The connection was closed after an error.',
  rejoin: 'Join again',
};

const dictionaries: Record<Language, Record<TextKey, string>> = { de, en };

export type Translate = (key: TextKey, params?: Record<string, string>) => string;

export function translator(language: Language): Translate {
  const texts = dictionaries[language];
  return (key, params) => fillIn(texts[key], params);
}
