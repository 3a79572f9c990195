#!/usr/bin/env python3
"""H-LD1b: 400 slow connections that reconnect at once when dropped, for SECONDS, while a client loads /, a feature
page and the script every 0.5 s on fresh connections. usage: FH=.build/debug/featurehost python3 Tests/browser/bench/flood_reconnect.py [SECONDS]  (loopback only; bounded by SECONDS)"""
import json, os, re, select, socket, subprocess, sys, time, statistics
FH = os.environ.get("FH", ".build/debug/featurehost"); SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 30
import tempfile; WORK = tempfile.mkdtemp(prefix="fh-flood-")
json.dump({"features": [{"id": "offer-countdown"}]}, open(WORK + "/c.json", "w"))
fh = subprocess.Popen([FH, "serve", "--config", WORK + "/c.json", "--data-dir", WORK + "/d"], stdout=subprocess.PIPE, text=True)
url = fh.stdout.readline().strip(); m = re.match(r"http://([^/]+)/\?token=(\w+)", url); host, token = m.group(1), m.group(2)
port = int(host.rsplit(":", 1)[1])
subprocess.Popen(["cat"], stdin=fh.stdout, stdout=subprocess.DEVNULL)
def conn():
    s = socket.socket(); s.setblocking(False)
    try: s.connect(("127.0.0.1", port))
    except BlockingIOError: pass
    return s
socks = [conn() for _ in range(400)]; started = {s: time.time() for s in socks}; sent = {s: 0 for s in socks}
counts = {"connects": 400, "503": 0, "closed": 0}
head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 2000
def probe(path):
    t = time.time()
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nCookie: featurehost-token={token}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            b = s.recv(65536)
            if not b: break
            data += b
        s.close(); status = int(data.split(b" ", 2)[1]) if data else 0
        return status, time.time() - t
    except Exception:
        return -1, time.time() - t
results = []; end = time.time() + SECONDS; next_probe = time.time() + 3
while time.time() < end:
    r, w, _ = select.select(socks, socks, [], 0.05)
    for s in set(r):
        try: data = s.recv(4096)
        except (BlockingIOError, ConnectionError, OSError): data = b""
        if data.startswith(b"HTTP/1.1 503"): counts["503"] += 1
        else: counts["closed"] += 1
        socks.remove(s); s.close(); n = conn(); socks.append(n); sent[n] = 0; counts["connects"] += 1
    for s in w:
        if s in socks and sent.get(s, 0) < len(head) and s not in r:
            try: k = s.send(head[sent[s]:sent[s] + 1]); sent[s] += k
            except (BlockingIOError, OSError): pass
    if time.time() >= next_probe:
        for path in ["/", "/f/offer-countdown", "/assets/featurehost.js"]: results.append(probe(path))
        next_probe = time.time() + 0.5
fh.terminate(); fh.wait()
ok = [t for st, t in results if st == 200]
print(f"{SECONDS:.0f} s: page loads whole {len(ok)}/{len(results)}; median {statistics.median(ok)*1000:.0f} ms, worst {max(ok)*1000:.0f} ms; "
      f"failures {[st for st, _ in results if st != 200][:10]}; attacker {counts}, {counts['connects']/SECONDS:.0f} connections/s; load {os.getloadavg()[0]:.2f}")
