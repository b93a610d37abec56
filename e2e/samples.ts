// The real files the capture journeys hand in, one of each input, read where they lie in
// ../shared/data (paths from the repository root, where the journeys run).
const DATA = '../shared/data';

/** A tongue photo the tongue engine reads (its features shown on the result). */
export const TONGUE = `${DATA}/tongue/images/TE0000003.jpg`;
/** A face photo: the face input, and a photo without a tongue where a tongue is asked for. */
export const FACE = `${DATA}/face/02-woman.jpg`;
/** A pulse recording (BIDMC, CSV). */
export const PULSE = `${DATA}/pulse/bidmc01.csv`;
/** A sustained vowel (WAV). */
export const VOICE = `${DATA}/voice/sustained-a-118hz.wav`;
