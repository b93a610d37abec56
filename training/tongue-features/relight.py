"""Light and exposure augmentation for networks that read the band-normalised crop
(packages/analysis/src/tongue/features/color-norm.ts), the engine's arithmetic redone in numpy.

The engine brings a photo to the training photos' light by per-channel gains in linear light,
N = REFERENCE_LIGHT / bandEstimate(photo) (clamped to 1/8..8), applied with 8-bit lookup tables
(color/gains.ts applyLinearGains). A photo under other light or exposure is, to a good
approximation, the same photo with other channel gains D (robustness/distort.ts does exactly that:
gains in linear light, clipped at white, rounded to 8 bits). The band estimate scales with D as
long as its band (5th-30th percentile) is not clipped, which +1 EV leaves true on these photos, so
the engine would normalise the re-lit photo with N / D. `relight_normalised` re-lights the crop as
taken (dump-tensors.ts --band: cache/tensors, gains N in cache/band-gains) with D and
normalises it with N / D: what is left of the light is what the engine cannot undo — clipping at
white (the red channel under +1 EV) and the 8-bit rounding in between.

With D = 1 it returns the engine's own normalised input (cache/tensors-band) byte for byte;
test_relight.py checks that on the cached photos."""
import numpy as np

CODES = np.arange(256) / 255
SRGB_TO_LINEAR = np.where(CODES <= 0.04045, CODES / 12.92, ((CODES + 0.055) / 1.055) ** 2.4)


def linear_to_srgb8(lin):
    """color/gains.ts linearToSrgb8: clipped, encoded, rounded half up."""
    c = np.clip(lin, 0, 1)
    v = np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(c, 1 / 2.4) - 0.055)
    return np.floor(v * 255 + 0.5).astype(np.uint8)


def gain_tables(gains):
    """Per sample and channel the 8-bit lookup table of applyLinearGains: gains (n, 3) -> (n, 3, 256)."""
    return linear_to_srgb8(SRGB_TO_LINEAR[None, None, :] * np.asarray(gains, dtype=np.float64)[:, :, None])


def planckian_xy(t):
    """light.ts planckianXy (Kim et al. 2002), t > 4000 K."""
    x = -3.0258469e9 / t ** 3 + 2.1070379e6 / t ** 2 + 0.2226347e3 / t + 0.24039
    y = 3.081758 * x ** 3 - 5.8733867 * x ** 2 + 3.75112997 * x - 0.37001483
    return x, y


def _white(t):
    x, y = planckian_xy(t)
    X, Z = x / y, (1 - x - y) / y
    return np.array([3.2404542 * X - 1.5371385 - 0.4985314 * Z, -0.969266 * X + 1.8760108 + 0.041556 * Z,
                     0.0556434 * X - 0.2040259 + 1.0572252 * Z])


def temperature_gains(to, frm=6500):
    """light.ts temperatureGains: the scene lit at `to` K, white balance left at `frm` K (G = 1)."""
    g = _white(to) / _white(frm)
    return np.array([g[0] / g[1], 1.0, g[2] / g[1]])


def relight_normalised(x, norm_gains, light_gains):
    """x: (n, 4, S, S) uint8 network inputs of crops as taken (RGB planes, mask); norm_gains (n, 3):
    the engine's band-normalisation gains of each photo; light_gains (n, 3): the other light D.
    Returns the normalised inputs of the re-lit photos (mask plane and the zeros outside the tongue
    kept: a zero stays zero under any gain)."""
    n = len(x)
    out = x.copy()
    d = np.asarray(light_gains, dtype=np.float64)
    after = np.clip(np.asarray(norm_gains, dtype=np.float64) / d, 1 / 8, 8)
    first, second = gain_tables(d), gain_tables(after)
    for i in range(n):
        for c in range(3):
            out[i, c] = second[i, c][first[i, c][x[i, c]]]
    return out


def random_light(n, rng, kelvin=(5000, 8000), ev=(-1.0, 1.0), p=0.8):
    """Gains of a random light per sample: colour temperature uniform in `kelvin` (the camera
    balanced for 6,500 K) times an exposure of 2^U(ev); with probability 1 - p the light as taken."""
    g = np.ones((n, 3))
    for i in range(n):
        if rng.random() < p:
            g[i] = temperature_gains(rng.uniform(*kelvin)) * 2 ** rng.uniform(*ev)
    return g
