"""A test SMART authorization server (SMART App Launch 2.2, standalone patient launch) for OpenHealthKit's
provider tests. Test-only: no login UI, instant approval of a consent list. Not for production.

Environment knobs:
  AS_PORT (18091), FHIR_BASE (http://127.0.0.1:18090/fhir), JWT_SECRET (shared with sekmet's kv table),
  PATIENT_ID, ACCESS_TTL (seconds, 3600), CONSENT (space-separated scopes the simulated user approves; empty = all),
  CLIENTS (JSON: {"client_id": {"secret": "...", "jwks": {...}, "redirect_uris": [...]}}).

It also serves the FHIR server through itself at {ISSUER}/proxy/<lane>/fhir (a forwarding proxy that rewrites the
FHIR base in answers), where tests inject faults per lane (a name each test picks, so tests running at the same time do
not meet) and resource type: POST /admin {"faults": {"<lane>": {"Observation": {"count": 1, "status": 429,
"after": 2}}}} answers the lane's next `count` requests for that type with `status` and `Retry-After: after`;
{"corrupt": true, "count": 1} instead forwards the answer with its JSON broken at the second entry's resource.
Per-client knobs (registered with POST /admin {"clients": {...}}) override the global ones for that client only:
`patient` (the patient in context) and `idToken` (forge the ID token: "badSignature", "wrongAudience", "expired").
"""
import base64, hashlib, json, os, secrets, time, threading

import urllib.error, urllib.request
from urllib.parse import urlsplit

import jwt
from flask import Flask, Response, request, redirect, jsonify

PORT = int(os.environ.get("AS_PORT", "18091"))
FHIR_BASE = os.environ.get("FHIR_BASE", "http://127.0.0.1:18090/fhir")
ISSUER = f"http://127.0.0.1:{PORT}"
SECRET = os.environ["JWT_SECRET"]
STATE = {
    "patient": os.environ.get("PATIENT_ID", ""),
    "ttl": int(os.environ.get("ACCESS_TTL", "3600")),
    "consent": os.environ.get("CONSENT", ""),
    "clients": json.loads(os.environ.get("CLIENTS", "{}")),
    "faults": {},
}
PROXY_PREFIX = f"{ISSUER}/proxy/"
# ID tokens (RS256) for `openid` grants; the `idToken` knob forges one: "badSignature", "wrongAudience", "expired".
from cryptography.hazmat.primitives.asymmetric import rsa
ID_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
ID_JWK = dict(json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(ID_KEY.public_key())), kid="rig-id-1", alg="RS256", use="sig")
OTHER_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
CODES, REFRESH, SEEN_JTI = {}, {}, set()
LOCK = threading.Lock()
app = Flask(__name__)


def error(code, description, status=400):
    return jsonify(error=code, error_description=description), status


@app.get("/.well-known/smart-configuration")
def smart_configuration():
    return jsonify(
        issuer=ISSUER,
        authorization_endpoint=f"{ISSUER}/authorize",
        token_endpoint=f"{ISSUER}/token",
        revocation_endpoint=f"{ISSUER}/revoke",
        jwks_uri=f"{ISSUER}/jwks",
        token_endpoint_auth_methods_supported=["client_secret_basic", "private_key_jwt"],
        token_endpoint_auth_signing_alg_values_supported=["ES384", "RS384"],
        grant_types_supported=["authorization_code", "refresh_token"],
        code_challenge_methods_supported=["S256"],
        scopes_supported=["launch/patient", "offline_access", "openid", "fhirUser", "patient/*.rs", "patient/*.read"],
        capabilities=["launch-standalone", "client-public", "client-confidential-symmetric",
                      "client-confidential-asymmetric", "context-standalone-patient", "permission-patient",
                      "permission-offline", "permission-v1", "permission-v2"],
    )


@app.get("/jwks")
def jwks():
    return jsonify(keys=[ID_JWK])


def knob(client_id, name, default=None):
    """A client's own knob, else the global one."""
    return STATE["clients"].get(client_id, {}).get(name, STATE.get(name, default))


def id_token(client_id, now):
    forged, patient = knob(client_id, "idToken", ""), knob(client_id, "patient")
    claims = dict(iss=ISSUER, sub=patient, aud="someone-else" if forged == "wrongAudience" else client_id,
                  iat=now, exp=now - 3600 if forged == "expired" else now + 3600, fhirUser=f"Patient/{patient}")
    key = OTHER_KEY if forged == "badSignature" else ID_KEY
    return jwt.encode(claims, key, algorithm="RS256", headers={"kid": "rig-id-1"})


@app.post("/admin")
def admin():
    """Test control: change consent, patient, TTL or clients at run time (loopback only)."""
    body = request.get_json(force=True)
    with LOCK:
        STATE["clients"].update(body.pop("clients", {}))
        STATE["faults"].update(body.pop("faults", {}))
        STATE.update(body)
    return jsonify(ok=True)


THROTTLE = {}


@app.get("/throttled/<key>")
def throttled(key):
    """Rate limiting to test clients against: the first `count` requests for `key` get 429 with Retry-After."""
    with LOCK:
        THROTTLE[key] = THROTTLE.get(key, 0) + 1
        hits = THROTTLE[key]
    if hits <= int(request.args.get("count", "1")):
        return jsonify(error="slow down"), 429, {"Retry-After": request.args.get("after", "1")}
    return jsonify(hits=hits)


@app.get("/proxy/<lane>/fhir/<path:path>")
def fhir_proxy(lane, path):
    """The FHIR server through this one: faults injected per lane and resource type, else the answer forwarded."""
    resource_type = path.split("/")[0]
    with LOCK:
        fault = STATE["faults"].get(lane, {}).get(resource_type)
        if fault and fault.get("count", 0) > 0:
            fault["count"] -= 1
            fault["served"] = fault.get("served", 0) + 1
        else:
            fault = None
    if fault and not fault.get("corrupt"):
        outcome = {"resourceType": "OperationOutcome", "issue": [{"severity": "error", "code": "throttled", "diagnostics": "try later"}]}
        return jsonify(outcome), fault.get("status", 429), {"Retry-After": str(fault.get("after", 1))}
    url = FHIR_BASE + "/" + path + ("?" + request.query_string.decode() if request.query_string else "")
    headers = {k: v for k, v in request.headers.items() if k.lower() in ("authorization", "accept")}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60) as answer:
            status, body, kind = answer.status, answer.read(), answer.headers.get("Content-Type", "application/fhir+json")
    except urllib.error.HTTPError as failure:
        status, body, kind = failure.code, failure.read(), failure.headers.get("Content-Type", "application/fhir+json")
    proxy_base = f"{PROXY_PREFIX}{lane}/fhir"
    body = body.replace(FHIR_BASE.encode(), proxy_base.encode())
    if fault:
        body = broken_after_first_entry(body)
    return Response(body, status=status, content_type=kind)


def broken_after_first_entry(body):
    """The answer as a server failing mid-write might send it: its second entry's resource opens with a stray comma
    (`{,"resourceType"...`), so the JSON breaks there and everything after it is unreadable."""
    second = body.find(b'"resource"', body.find(b'"resource"') + 1)
    brace = body.find(b"{", second)
    return body if second < 0 or brace < 0 else body[:brace + 1] + b"," + body[brace + 1:]


@app.get("/faults/<lane>")
def faults(lane):
    """How many injected faults each type of a lane has served (tests wait on it)."""
    with LOCK:
        return jsonify({k: v.get("served", 0) for k, v in STATE["faults"].get(lane, {}).items()})


DIRECTORY_HITS = {"full": 0, "notModified": 0}


@app.get("/directory.json")
def directory():
    """A Brands bundle with an ETag: 304 when the client's If-None-Match names it (tests count the answers)."""
    etag = 'W/"rig-directory-1"'
    with LOCK:
        if request.headers.get("If-None-Match") == etag:
            DIRECTORY_HITS["notModified"] += 1
            return "", 304, {"ETag": etag}
        DIRECTORY_HITS["full"] += 1
    bundle = {"resourceType": "Bundle", "type": "collection", "timestamp": "2026-11-27T00:00:00Z", "entry": [
        {"fullUrl": f"{ISSUER}/Organization/rig", "resource": {"resourceType": "Organization", "id": "rig", "name": "Rig General Hospital",
                                                              "address": [{"city": "Loopback", "state": "NY"}], "endpoint": [{"reference": "Endpoint/rig"}]}},
        {"fullUrl": f"{ISSUER}/Endpoint/rig", "resource": {"resourceType": "Endpoint", "id": "rig", "status": "active", "address": FHIR_BASE}}]}
    return jsonify(bundle), 200, {"ETag": etag}


@app.get("/directory-hits")
def directory_hits():
    with LOCK:
        return jsonify(DIRECTORY_HITS)


def redirect_registered(uri, registered):
    """Whether `uri` is one of the client's registered redirect URIs. A loopback IP literal's port may differ from the
    registered one (RFC 8252 section 7.3: native apps listen on whatever port is free at the time of the request)."""
    if uri in registered:
        return True
    asked = urlsplit(uri)
    if asked.scheme != "http" or asked.hostname not in ("127.0.0.1", "::1"):
        return False
    return any(urlsplit(r).scheme == "http" and urlsplit(r).hostname == asked.hostname and urlsplit(r).path == asked.path
               and urlsplit(r).query == asked.query for r in registered)


@app.route("/authorize", methods=["GET", "POST"])
def authorize():
    p = request.values
    client = STATE["clients"].get(p.get("client_id", ""))
    if client is None:
        return error("unauthorized_client", "unknown client_id")
    if not redirect_registered(p.get("redirect_uri", ""), client.get("redirect_uris", [])):
        return error("invalid_request", "redirect_uri not registered")
    if p.get("response_type") != "code":
        return error("unsupported_response_type", "response_type must be code")
    aud = p.get("aud", "")
    if aud != FHIR_BASE and not (aud.startswith(PROXY_PREFIX) and aud.endswith("/fhir")):
        return error("invalid_request", "aud must be the FHIR base URL")
    if p.get("code_challenge_method") != "S256" or not p.get("code_challenge"):
        return error("invalid_request", "PKCE S256 required")
    requested = p.get("scope", "").split()
    consent = STATE["consent"].split()
    granted = [s for s in requested if not consent or s in consent]
    code = secrets.token_urlsafe(24)
    with LOCK:
        CODES[code] = dict(client_id=p["client_id"], redirect_uri=p["redirect_uri"], challenge=p["code_challenge"],
                           scope=" ".join(granted), created=time.time())
    sep = "&" if "?" in p["redirect_uri"] else "?"
    from urllib.parse import urlencode
    return redirect(p["redirect_uri"] + sep + urlencode({"code": code, "state": p.get("state", "")}), code=302)


def authenticate_client(form):
    """The client's id, or an error response: public, client_secret_basic or private_key_jwt."""
    auth = request.authorization
    if auth is not None and auth.type == "basic":
        client = STATE["clients"].get(auth.username)
        if client is None or client.get("secret") != auth.password:
            return None, error("invalid_client", "bad client credentials", 401)
        return auth.username, None
    if form.get("client_assertion_type") == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer":
        assertion = form.get("client_assertion", "")
        try:
            header = jwt.get_unverified_header(assertion)
            claims = jwt.decode(assertion, options={"verify_signature": False})
            client = STATE["clients"][claims["iss"]]
            key = next(k for k in client["jwks"]["keys"] if k.get("kid") == header.get("kid"))
            pub = jwt.PyJWK(key).key
            claims = jwt.decode(assertion, pub, algorithms=["ES384", "RS384"], audience=f"{ISSUER}/token")
        except Exception as e:  # noqa: BLE001 - any failure is invalid_client
            return None, error("invalid_client", f"client assertion rejected: {type(e).__name__}", 401)
        if claims.get("sub") != claims.get("iss") or claims.get("exp", 0) > time.time() + 300:
            return None, error("invalid_client", "bad iss/sub/exp", 401)
        with LOCK:
            if claims.get("jti") in SEEN_JTI:
                return None, error("invalid_client", "jti replayed", 401)
            SEEN_JTI.add(claims.get("jti"))
        return claims["iss"], None
    client_id = form.get("client_id", "")
    client = STATE["clients"].get(client_id)
    if client is None or client.get("secret") or client.get("jwks"):
        return None, error("invalid_client", "client authentication required", 401)
    return client_id, None


def issue(client_id, scope):
    now = int(time.time())
    patient = knob(client_id, "patient")
    access = jwt.encode(dict(iss=ISSUER, sub=client_id, client_id=client_id, aud=FHIR_BASE, scope=scope,
                             patient=patient, iat=now, exp=now + STATE["ttl"], jti=secrets.token_hex(8)),
                        SECRET, algorithm="HS256")
    body = dict(access_token=access, token_type="Bearer", expires_in=STATE["ttl"], scope=scope, patient=patient)
    if "openid" in scope.split():
        body["id_token"] = id_token(client_id, now)
    if "offline_access" in scope.split():
        refresh = secrets.token_urlsafe(32)
        REFRESH[refresh] = dict(client_id=client_id, scope=scope)
        body["refresh_token"] = refresh
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Pragma"] = "no-cache"
    return response


@app.post("/token")
def token():
    form = request.form
    client_id, failure = authenticate_client(form)
    if failure:
        return failure
    grant = form.get("grant_type")
    with LOCK:
        if grant == "authorization_code":
            entry = CODES.pop(form.get("code", ""), None)
            if entry is None or entry["client_id"] != client_id or time.time() - entry["created"] > 60:
                return error("invalid_grant", "unknown, used or expired code")
            if entry["redirect_uri"] != form.get("redirect_uri"):
                return error("invalid_grant", "redirect_uri mismatch")
            verifier = form.get("code_verifier", "")
            digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            if digest != entry["challenge"]:
                return error("invalid_grant", "Code challenge failed")
            return issue(client_id, entry["scope"])
        if grant == "refresh_token":
            entry = REFRESH.pop(form.get("refresh_token", ""), None)  # rotation: the old one is spent
            if entry is None or entry["client_id"] != client_id:
                return error("invalid_grant", "unknown or revoked refresh token")
            scope = form.get("scope") or entry["scope"]
            if not set(scope.split()) <= set(entry["scope"].split()):
                return error("invalid_scope", "scope wider than granted")
            return issue(client_id, scope)
    return error("unsupported_grant_type", str(grant))


@app.post("/revoke")
def revoke():
    client_id, failure = authenticate_client(request.form)
    if failure:
        return failure
    with LOCK:
        entry = REFRESH.get(request.form.get("token", ""))
        if entry and entry["client_id"] == client_id:
            REFRESH.pop(request.form["token"], None)
    return "", 200


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=PORT, threaded=True)
