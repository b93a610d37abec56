# Test signals for the voice engine, made by Praat itself (docs/voice.md, "Harmonic-heavy and noisy
# voices"): a sustained vowel whose glottal pulses come from a PointProcess (period jitter and
# vibrato), shaped as the flow derivative ("phonation"), as an electroglottograph-like contact
# curve ("egg": the flow, inverted) or as a sum of the first three harmonics with the second and
# third strongest ("harmonics"), optionally through formants, with Gaussian noise noise_db below the
# signal's RMS (white, or above 5 kHz only). "two_channels" writes the clean signal and the noisy one as
# two channels. Written as 16-bit WAV. Arguments in the order of the form (praat-signals.ts).
form Voice test signal
  sentence out /tmp/signal.wav
  word shape egg
  real f0 199
  real vibrato_depth 0.01
  real vibrato_hz 5
  real jitter 0.003
  real noise_db 12
  word noise white
  real rate 50000
  real duration 7.6
  boolean formants 0
  boolean two_channels 0
  integer seed 1
endform
random_initializeWithSeedUnsafelyButPredictably: seed
# F0 contour: vibrato plus a random perturbation every 5 ms (period jitter once through the pulses).
tier = Create PitchTier: "f0", 0, duration
for i from 0 to round(duration / 0.005)
  t = i * 0.005
  Add point: t, f0 * (1 + vibrato_depth * sin(2 * pi * vibrato_hz * t) + jitter * randomGauss(0, 1))
endfor
if shape$ = "harmonics"
  # Phase of the vibrato contour in closed form (no period jitter: the noise perturbs the periods),
  # then H1 weak, H2 and H3 strong.
  phase = Create Sound from formula: "phase", 1, 0, duration, rate, "2 * pi * f0 * (x - vibrato_depth * cos (2 * pi * vibrato_hz * x) / (2 * pi * vibrato_hz))"
  clean = Create Sound from formula: "clean", 1, 0, duration, rate, "0.25 * sin (Sound_phase [col]) + sin (2 * Sound_phase [col] + 0.5) + 0.8 * sin (3 * Sound_phase [col] + 1)"
else
  selectObject: tier
  pulses = To PointProcess
  clean = To Sound (phonation): rate, 1, 0.05, 0.7, 0.03, 3, 4
  if shape$ = "egg"
    # Contact rises fast at closure and falls slowly as the folds open: the negated flow.
    Formula: "self + self [col - 1]"
    Formula: "-self"
    egg = Filter (pass Hann band): 20, 0, 20
    removeObject: clean
    clean = egg
  endif
endif
selectObject: clean
Rename: "clean"
if formants
  # An /a/ whose first formants sit near the second and third harmonics of a female voice.
  Filter (one formant): 420, 80
  Filter (one formant): 620, 100
  Filter (one formant): 1200, 120
  Filter (one formant): 2800, 200
endif
Scale peak: 0.5
rms = Get root-mean-square: 0, 0
noise = Create Sound from formula: "noise", 1, 0, duration, rate, "randomGauss (0, 1)"
if noise$ = "high"
  # Noise above 5 kHz only, as from a microphone preamplifier or an EGG demodulator.
  high = Filter (pass Hann band): 5000, 0, 500
  removeObject: noise
  noise = high
endif
Rename: "noisesource"
nrms = Get root-mean-square: 0, 0
selectObject: clean
noisy = Copy: "noisy"
Formula: "self + Sound_noisesource [col] * rms / nrms / 10 ^ (noise_db / 20)"
if two_channels
  selectObject: clean, noisy
  both = Combine to stereo
  Scale peak: 0.5
else
  selectObject: noisy
  Scale peak: 0.5
endif
Save as WAV file: out$
