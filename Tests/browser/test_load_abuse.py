"""The web server under load and abuse, short (issue 16, point 5): sessions tick while every kind of bad
client comes at once, and a flood of slow clients passes the connection cap. Asserts behaviour, not speed:
every session gets its patches in order, every bad request its status, new legitimate requests get through.
The full run with figures is `Tests/browser/bench/load.py`."""

import asyncio
import concurrent.futures
import time

from bench.load import Target, exchange, open_sessions, outcome, run_abuse, summarize


def run_in_own_loop(coroutine):
    """Runs `coroutine` on a fresh event loop in a thread of its own: Playwright's sync API keeps a loop running
    in this thread once any browser test has run, and asyncio.run refuses to start inside it."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# Generous for a loaded CI machine and a debug build: a server that stalled would show the 10 s request
# deadline here (slow clients holding it) or never tick again (a blocked log).
MAX_GAP_SECONDS = 5.0


def test_sessions_tick_and_every_bad_client_gets_its_answer(serve):
    server = serve(args=["--only", "offer-countdown"]).drain_output()
    checks, events, sessions, _ = run_in_own_loop(asyncio.wait_for(
        run_abuse(server, sessions_count=30, event_rate=100, flood=300, churn_seconds=3, dropped=150,
                  streams_cut=3, probes=5),
        timeout=120))
    failed = [check.line() for check in checks if not check.ok]
    assert failed == [], "\n".join(failed)
    assert sessions.errors == [] and sessions.out_of_order == 0, sessions.line()
    assert sessions.patches_min >= int(sessions.seconds / MAX_GAP_SECONDS), sessions.line()
    assert sessions.max_gap <= MAX_GAP_SECONDS, sessions.line()
    assert sum(events.errors.values()) == 0 and events.sent > 0, events.line()
    assert any("made room" in line for line in server.lines) or any(" 503 " in f" {line}" for line in server.lines), \
        "the flood passed the connection cap"


def test_a_log_nobody_reads_does_not_freeze_the_server(serve):
    """Every refusal is a log line; with standard output unread (a paused terminal, a stuck pipe) the pipe
    fills after a few hundred. The server must go on: lines past the queue are dropped and counted."""
    server = serve(args=["--only", "offer-countdown"])  # output not drained on purpose

    async def run():
        target = Target(server)
        sessions = await open_sessions(target, 5)
        await asyncio.sleep(1.5)
        for session in sessions:
            session.start_measuring()
        loop = asyncio.get_running_loop()
        began = loop.time()
        refused = []
        for _ in range(40):  # 2,000 refusals, about 200 KiB of log
            refused += await asyncio.gather(*(exchange(target, target.request("GET", "/", token=False), timeout=30)
                                              for _ in range(50)))
        legit = await exchange(target, target.request("GET", "/", close=True), timeout=30)
        await asyncio.sleep(max(0.0, 3 - (loop.time() - began)))
        summary = summarize(sessions, loop.time() - began)
        await asyncio.gather(*(session.stop() for session in sessions))
        return [outcome(result) for result in refused], outcome(legit), summary

    refused, legit, summary = run_in_own_loop(asyncio.wait_for(run(), timeout=120))
    assert set(refused) == {"403"}, {status: refused.count(status) for status in set(refused)}
    assert legit == "200"
    assert summary.errors == [] and summary.patches_min >= 2 and summary.max_gap <= MAX_GAP_SECONDS, summary.line()
    # Read at last: the queued lines come, then the count of those dropped.
    server.drain_output()
    note = "log lines dropped: the output was not read in time"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(note in line for line in server.lines):
        time.sleep(0.1)
    assert any(note in line for line in server.lines), server.lines[-3:]
