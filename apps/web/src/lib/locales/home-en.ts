import type { HomeMessages } from './home-zh.js';

/** English home texts: same keys as home-zh.ts (the type enforces it). */
export const homeEn: HomeMessages = {
  lead: "Upload one tongue photo and the platform's engines show its body color, coating color and thickness, cracks and tooth marks with the evidence behind each, and a PDF report in Chinese or English; face, pulse, voice and a constitution questionnaire complete the health assessment. Physicians and researchers keep case archives and run studies on the platform.",
  startDetection: 'Start tongue detection',
  sampleReport: 'See a sample report',
  decisionSupport:
    "Results suggest possible health states for health management and physicians; they do not replace a physician's diagnosis. If you feel unwell, see a doctor.",
  diagnosesTitle: 'Four diagnostic methods',
  tongueTitle: 'Tongue',
  tongueText:
    'The tongue is found in the photo and its color, coating color and thickness, cracks and tooth marks are measured; every result carries its measures and evidence.',
  faceTitle: 'Face',
  faceText:
    'A face photo gives complexion color and gloss measures, a complexion reading and a skin analysis, each with its measured values.',
  pulseTitle: 'Pulse',
  pulseText:
    'A pulse wave gives rate, rhythm, heart-rate variability and pulse-diagram parameters, and the pulse classes they suggest, with the evidence.',
  voiceTitle: 'Voice',
  voiceText:
    'A voice recording gives pitch, intensity, jitter and other acoustic measures computed as Praat does, and what they suggest.',
  sampleTitle: 'A sample result',
  sampleAlt:
    'Illustration: a pale red tongue with a thin white coating in the middle, tooth marks on both edges and cracks in the centre, with markers numbered 1 to 4',
  sampleFinding1: 'Body color: pale red',
  sampleFinding2: 'Coating: white, thin',
  sampleFinding3: 'Tooth marks on the edges, which suggest spleen qi deficiency may be involved',
  sampleFinding4: 'Cracks: a few in the centre',
  sampleNote:
    'The picture is an illustration drawn for this project, not a photo of a patient; in a real report every result carries its measures, evidence and engine version.',
  sampleReportLink: 'Open the full sample report (no personal data)',
  newsTitle: 'Latest news',
  allNews: 'All news',
  partnersTitle: 'Partners',
  partnersLead: 'The platform is open; partners of these kinds work with it:',
  partner: {
    clinicsTitle: 'Hospitals and clinics',
    clinicsText:
      'Physicians keep case archives, follow-ups and prescriptions, and collect findings with four-diagnosis forms.',
    researchTitle: 'Research institutes',
    researchText: 'Researchers study data pools with frequency statistics and syndrome analysis.',
    devicesTitle: 'Device makers',
    devicesText: 'Tongue devices upload images through the open API and fetch the results.',
    teamsTitle: 'Health-management teams',
    teamsText: "Team members' detection records, the large-screen display and care plan settings.",
  },
  cooperationLead:
    'Leave your company name, contact person, phone number and what you need, and we will contact you soon.',
  cooperationOpen: 'Open the cooperation form',
  entrancesTitle: 'Sign in',
};
