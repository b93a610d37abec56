"""How phone photos differ from the capture device's, as image transforms shared by the
phone-like validation set (phone_val.py, held-out photos and the held-out face) and the
training augmentation (augment.py, training photos and the training faces): the light
(colour temperature, dim, harsh), another skin tone around the mouth, framing (tongue smaller,
off-centre, rotated, face partly in view), JPEG quality 30-70 and low resolution.
Every function takes its numpy Generator, so a seeded caller gets the same photo every time."""
import cv2
import numpy as np

# Channel gains of light sources against the device's flash (R, G, B): warm indoor bulbs and
# evening light push towards red and away from blue, shade and cool LEDs the other way.
WARM = ((1.08, 1.0, 0.62), (1.2, 1.02, 0.8))
COOL = ((0.78, 0.95, 1.05), (0.92, 1.0, 1.3))
LIGHTS = ('warm', 'cool', 'dim', 'harsh', 'plain')


def light(im, kind, rng):
    """The photo (float RGB 0-255) under another light; 'plain' leaves it as it is."""
    im = im.astype(np.float32)
    if kind in ('warm', 'cool'):
        lo, hi = WARM if kind == 'warm' else COOL
        im = im * rng.uniform(lo, hi)
    elif kind == 'dim':
        # Underexposed: darker, lifted shadows of a phone's tone curve and sensor noise.
        im = 255.0 * (im / 255.0) ** rng.uniform(0.9, 1.25) * rng.uniform(0.3, 0.55)
        im = im + rng.normal(0, rng.uniform(1.5, 4), im.shape)
    elif kind == 'harsh':
        # Direct sun or flash at close range: overexposed, more contrast, a hot spot, clipping.
        h, w = im.shape[:2]
        cy, cx = rng.uniform(0.2, 0.8) * h, rng.uniform(0.2, 0.8) * w
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        spot = np.exp(-(((yy - cy) ** 2 + (xx - cx) ** 2) / (2 * (rng.uniform(0.15, 0.4) * max(h, w)) ** 2)))
        gain = rng.uniform(1.2, 1.5) + rng.uniform(0.1, 0.4) * spot
        im = (im - 128) * rng.uniform(1.05, 1.3) + 128
        im = im * gain[..., None]
    return np.clip(im, 0, 255)


def skin(fimg, rng):
    """A face photo with another skin tone and light: lighter or darker, warmer or cooler."""
    lab = cv2.cvtColor(np.clip(fimg, 0, 255).astype(np.uint8), cv2.COLOR_RGB2LAB).astype(np.float32)
    lab[..., 0] = lab[..., 0] * rng.uniform(0.45, 1.5)
    lab[..., 1] += rng.uniform(-4, 8)
    lab[..., 2] += rng.uniform(-6, 14)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2RGB).astype(np.float32)


def jpeg(im, quality):
    """The photo through a JPEG encoder at this quality (phones and messengers recompress)."""
    ok, buf = cv2.imencode('.jpg', np.clip(im, 0, 255).astype(np.uint8)[:, :, ::-1],
                           [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].astype(np.float32)


def paste(img, mask, fimg, mouth, fw, share, rng):
    """The tongue photo scaled to `share` of the face width, pasted with a feathered alpha (its own
    lips and teeth fade into the face) just below the mouth. Returns the face-sized photo, the
    tongue mask (0-1 float) and the tongue's box (x0, y0, x1, y1), or None if it falls off."""
    h0, w0 = mask.shape
    tw = int(round(fw * share))
    th = int(round(tw * h0 / w0))
    crop = cv2.resize(img, (tw, th), interpolation=cv2.INTER_AREA).astype(np.float32)
    cm = cv2.resize(mask.astype(np.float32), (tw, th), interpolation=cv2.INTER_AREA)
    r = max(2, int(tw * rng.uniform(0.03, 0.1)))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    alpha = cv2.GaussianBlur(cv2.dilate((cm > 0.5).astype(np.uint8), kernel).astype(np.float32), (0, 0), r / 2 + 1)
    edge = max(2.0, 0.08 * min(tw, th))
    yy, xx = np.mgrid[0:th, 0:tw].astype(np.float32)
    taper = np.clip(np.minimum.reduce([xx + 0.5, tw - 0.5 - xx, yy + 0.5, th - 0.5 - yy]) / edge, 0, 1)
    alpha = np.minimum(np.maximum(alpha, cm), taper)
    x0 = int(mouth[0] - tw / 2 + rng.uniform(-0.05, 0.05) * fw)
    y0 = int(mouth[1] - th * rng.uniform(0.05, 0.3))
    H, W = fimg.shape[:2]
    if x0 < 0 or y0 < 0 or x0 + tw > W or y0 + th > H:
        return None
    out = fimg.astype(np.float32).copy()
    out[y0:y0 + th, x0:x0 + tw] = out[y0:y0 + th, x0:x0 + tw] * (1 - alpha[..., None]) + crop * alpha[..., None]
    full = np.zeros((H, W), np.float32)
    # The tongue is where the expert says and the paste is mostly opaque.
    full[y0:y0 + th, x0:x0 + tw] = cm * (alpha > 0.5)
    ys, xs = np.nonzero(full > 0.5)
    if len(ys) == 0:
        return None
    return out, full, (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)


def frame(img, mask, cx, cy, fh, aspect, angle, out_h=None):
    """A phone frame cut from img by one affine map (no seam): centre (cx, cy), height fh and width
    fh * aspect in source pixels, rotated by `angle` degrees. Where the frame leaves the photo the
    border is replicated, which the callers avoid or keep rare. Returns the float photo and the
    mask, out_h pixels tall (default: the frame's own size; a smaller frame is enlarged, as a
    phone's digital zoom does)."""
    oh = int(round(out_h or fh))
    ow = int(round(oh * aspect))
    s = fh / oh  # source pixels per output pixel
    if s > 1.5:
        # Shrinking a lot: blur first so that the affine sampling does not alias.
        img = cv2.GaussianBlur(img, (0, 0), 0.5 * s)
        mask = cv2.GaussianBlur(mask, (0, 0), 0.5 * s)
    a = np.radians(angle)
    c, si = np.cos(a) * s, np.sin(a) * s
    # Output (u, v) -> source: centre + R(angle) * s * (u - ow/2, v - oh/2).
    m = np.array([[c, -si, cx - c * ow / 2 + si * oh / 2], [si, c, cy - si * ow / 2 - c * oh / 2]], np.float32)
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    im = cv2.warpAffine(img, m, (ow, oh), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    mk = cv2.warpAffine(mask, m, (ow, oh), flags=flags, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return im, mk


def around(box, fill, aspect, shift, rng):
    """Centre and height of a frame in which the tongue box fills `fill` of the height, shifted
    off-centre by up to `shift` of the frame."""
    x0, y0, x1, y1 = box
    fh = (y1 - y0) / fill
    cx = (x0 + x1) / 2 + rng.uniform(-shift, shift) * fh * aspect
    cy = (y0 + y1) / 2 + rng.uniform(-shift, shift) * fh
    return cx, cy, fh


def inscribed(w, h, angle):
    """Width and height of the largest axis-aligned rectangle of the same aspect inside a w x h photo
    rotated by angle: a rotated device photo cropped there shows no border."""
    a = abs(np.radians(angle))
    c, s = np.cos(a), np.sin(a)
    k = min(w / (w * c + h * s), h / (w * s + h * c))
    return w * k, h * k


def photo(img, mask, face, rng):
    """One phone-like photo (uint8 RGB, before its JPEG encoding) and soft mask (0-1) from a device photo
    and its mask (0-1), composed into `face` (dict: img, mouth, faceWidth) or tilted; also what was
    chosen (framing, light, long side, JPEG quality, angle). phone_val.py describes the mix."""
    r = rng.random()
    kind = 'face' if r < 0.45 else 'small' if r < 0.65 else 'tilt'
    aspect = float(rng.choice([0.75, 0.75, 0.75, 1.0, 4 / 3]))
    if kind == 'tilt':
        aspect = 0.75
        angle = rng.uniform(5, 15) * rng.choice([-1, 1])
        h, w = mask.shape
        iw, ih = inscribed(w, h, angle)
        fh = min(ih, iw / aspect) * rng.uniform(0.85, 1.0)
        # Off-centre inside the inscribed rectangle, in the frame's (rotated) axes.
        du = rng.uniform(-1, 1) * (iw - fh * aspect) / 2
        dv = rng.uniform(-1, 1) * (ih - fh) / 2
        a = np.radians(angle)
        cx = w / 2 + np.cos(a) * du - np.sin(a) * dv
        cy = h / 2 + np.sin(a) * du + np.cos(a) * dv
        src, smask = img.astype(np.float32), mask.astype(np.float32)
    else:
        fimg = face['img']
        if rng.random() < 0.7:
            fimg = skin(fimg, rng)
        pasted = None
        while pasted is None:
            pasted = paste(img, mask, fimg, face['mouth'], face['faceWidth'], rng.uniform(0.5, 0.75), rng)
        src, smask, box = pasted
        fill = rng.uniform(0.35, 0.7) if kind == 'face' else rng.uniform(0.18, 0.35)
        cx, cy, fh = around(box, fill, aspect, 0.15, rng)
        # Keep the frame mostly inside the face photo.
        fh = min(fh, 0.83 * src.shape[0], 0.95 * src.shape[1] / aspect)
        angle = rng.uniform(-25, 25)
    lit = str(rng.choice(LIGHTS, p=[0.25, 0.2, 0.2, 0.2, 0.15]))
    long_side = 400 if rng.random() < 0.3 else int(rng.integers(400, 1001))
    quality = int(rng.integers(30, 71))
    out_h = long_side if aspect <= 1 else long_side / aspect
    im, mk = frame(src, smask, cx, cy, fh, aspect, angle, out_h)
    im = np.clip(light(im, lit, rng), 0, 255).astype(np.uint8)
    return im, np.clip(mk, 0, 1), dict(framing=kind, light=lit, long_side=max(im.shape[:2]),
                                                  quality=quality, angle=round(float(angle), 1))


def engine_gain(im):
    """The gain the engine gives a dark photo before the network (segment.ts exposureGain): if the
    95th percentile of max(R, G, B) is under 160 it is brightened towards it, at most x4. Training
    applies it too, so a dim phone photo looks to the network as it will in the app."""
    p95 = float(np.percentile(np.clip(im, 0, 255).astype(np.uint8).max(axis=2), 95, method='lower'))
    return 1.0 if p95 >= 160 else min(4.0, 160.0 / max(p95, 1.0))
