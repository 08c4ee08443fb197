/** The sheet's words for who spoke when (issue 26, voice-html.ts), in en, de and ru. */
export const VOICE_EN = {
  "voice.title": "Who spoke when (heard by the microphones)",
  "voice.candidates": "Speaking out of turn: candidates for the judge",
  "voice.what": "What",
  "voice.decision": "Judge's decision",
  "voice.kind.turn": "spoke during the speech of",
  "voice.kind.overtime": "went on after “thank you”, into the speech of",
  "voice.kind.night": "talking at night",
  "voice.status.open": "not decided",
  "voice.status.confirmed": "confirmed: foul",
  "voice.status.dismissed": "dismissed",
};

type VoiceDict = Partial<Record<keyof typeof VOICE_EN, string>>;

export const VOICE_DE: VoiceDict = {
  "voice.title": "Wer wann sprach (von den Mikrofonen gehört)",
  "voice.candidates": "Sprechen außer der Reihe: Kandidaten für den Richter",
  "voice.what": "Was",
  "voice.decision": "Entscheidung des Richters",
  "voice.kind.turn": "sprach während der Rede von",
  "voice.kind.overtime": "sprach nach „Danke“ weiter, in die Rede von",
  "voice.kind.night": "Reden in der Nacht",
  "voice.status.open": "nicht entschieden",
  "voice.status.confirmed": "bestätigt: Foul",
  "voice.status.dismissed": "verworfen",
};

export const VOICE_RU: VoiceDict = {
  "voice.title": "Кто когда говорил (по микрофонам)",
  "voice.candidates": "Разговоры не в свою очередь: кандидаты для судьи",
  "voice.what": "Что",
  "voice.decision": "Решение судьи",
  "voice.kind.turn": "говорил во время речи игрока",
  "voice.kind.overtime": "продолжал после «спасибо», в речь игрока",
  "voice.kind.night": "разговор ночью",
  "voice.status.open": "не решено",
  "voice.status.confirmed": "подтверждено: фол",
  "voice.status.dismissed": "отклонено",
};
