#!/usr/bin/env python3
"""Open API example (Python 3.8+, standard library only): submit a tongue photo, poll, read the usage.

    TCM_BASE_URL=http://localhost:8080 TCM_APP_KEY=tcm_... TCM_APP_SECRET=... python3 analyze.py tongue.jpg
"""
import base64, hashlib, hmac, json, os, secrets, sys, time, urllib.error, urllib.request

BASE = os.environ.get("TCM_BASE_URL", "http://localhost:8080")
APP_KEY = os.environ["TCM_APP_KEY"]
SECRET = os.environ["TCM_APP_SECRET"].encode()


def signed(method, path, body=None):
    """One signed call: HMAC-SHA256 over method, path with query, timestamp, nonce and the body's SHA-256."""
    text = b"" if body is None else json.dumps(body).encode()
    timestamp, nonce = str(int(time.time())), secrets.token_hex(16)
    content_sha256 = hashlib.sha256(text).hexdigest()
    to_sign = "\n".join([method, path, timestamp, nonce, content_sha256]).encode()
    headers = {
        "X-Tcm-Key": APP_KEY,
        "X-Tcm-Timestamp": timestamp,
        "X-Tcm-Nonce": nonce,
        "X-Tcm-Content-Sha256": content_sha256,
        "X-Tcm-Signature": hmac.new(SECRET, to_sign, hashlib.sha256).hexdigest(),
    }
    if body is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(BASE + path, data=text if body is not None else None, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req) as res:
            answer = json.load(res)
    except urllib.error.HTTPError as e:
        answer = json.load(e)
    if answer["code"] != 0:
        raise SystemExit(f"{method} {path}: {answer['code']} {answer['msg']}")
    return answer["data"]


with open(sys.argv[1], "rb") as f:
    photo = base64.b64encode(f.read()).decode()
task = signed("POST", "/backend/openapi/v1/analysis", {
    "captures": {"tongue": {"data": photo, "name": "tongue.jpg"}},
    "person": {"sex": "female", "age": 40},
    "lang": "en",
    "idempotencyKey": f"example-{int(time.time() * 1000)}",
})
while task["status"] in ("queued", "running"):
    time.sleep(1)
    task = signed("GET", f"/backend/openapi/v1/analysis/{task['taskId']}")
print(json.dumps({"task": task, "usage": signed("GET", "/backend/openapi/v1/usage")}, indent=2, ensure_ascii=False))
