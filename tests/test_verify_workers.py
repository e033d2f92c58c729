"""Verify runs in worker processes (``api.workers``): the server's own interpreter does not
run them, a worker that dies costs one request and no more, a replaced KB is read again, and
stopping the server, even with ``kill -9``, stops its workers."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import time
from pathlib import Path

import pytest
import yaml

from api import create_app
from api import workers as worker_processes
from test_serve_hardening import serve_process

ROOT = Path(__file__).resolve().parent.parent
BAIT = ROOT / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml"
RULING = "/api/rulings/bait-and-switch-14-amber/verify"


def _children(pid: int) -> list[int]:
    """The verify workers of the server ``pid``: its child processes started by multiprocessing's spawn."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            except FileNotFoundError:
                continue
            if b"spawn_main" in cmdline:
                found.append(int(child))
    return found


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _cpu(pid: int) -> float:
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _alive(pid: int) -> bool:
    try:
        return _stat(pid)[0] != "Z"
    except FileNotFoundError:
        return False


def _post(port: int, path: str, body: bytes = b"", polite: bool = False) -> tuple[int, dict]:
    """POST ``body``; ``polite``: a 429 is waited out as its ``Retry-After`` says, then asked again
    (the verify lane's CPU budget closes it for a while after a burst of runs on a busy machine)."""
    import http.client

    for _ in range(10 if polite else 1):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        answer = (response.status, json.loads(response.read()))
        conn.close()
        if answer[0] != 429 or not polite:
            break
        time.sleep(float(response.getheader("Retry-After", "1")))
    return answer


@pytest.mark.cli
def test_the_runs_happen_in_lower_priority_workers_not_in_the_server(built_kb):
    with serve_process(built_kb, "--verify-concurrency", "2") as (proc, port, _):
        workers = _children(proc.pid)
        assert len(workers) == 2, workers  # one per slot, started before "ready"
        (server_nice,) = (int(_stat(proc.pid)[16]),)
        assert all(int(_stat(w)[16]) == server_nice + worker_processes.NICENESS for w in workers)
        server_before, workers_before = _cpu(proc.pid), sum(map(_cpu, workers))
        scenario = BAIT.read_text(encoding="utf-8")
        for _ in range(30):
            status, answer = _post(port, "/api/verify", json.dumps(yaml.safe_load(scenario)).encode(), polite=True)
            assert status == 200 and answer["passed"] == answer["results"].__len__() >= 2
        server_spent = _cpu(proc.pid) - server_before
        workers_spent = sum(map(_cpu, workers)) - workers_before
        # the replays (and the scenario checks) are the workers' CPU time; the server only reads
        # the bodies and sends the reports
        assert workers_spent > 2 * server_spent, (workers_spent, server_spent)


@pytest.mark.cli
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["kill", "kill -9"])
def test_stopping_the_server_stops_its_workers(built_kb, how):
    with serve_process(built_kb) as (proc, port, _):
        workers = _children(proc.pid)
        assert len(workers) == 2 and all(map(_alive, workers))
        proc.send_signal(how)
        proc.wait(10)
        deadline = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_alive, workers)), "a verify worker outlived its server"


def _die(*_args):
    """A verify task whose worker process ends in the middle of it (as one killed or out of memory)."""
    os._exit(9)


@pytest.mark.slow
def test_a_worker_that_dies_costs_one_request(built_kb, monkeypatch):
    client = create_app(built_kb).test_client()
    scenario = yaml.safe_load(BAIT.read_text(encoding="utf-8"))
    assert client.post("/api/verify", json=scenario).status_code == 200
    monkeypatch.setattr(worker_processes, "_work", _die)
    response = client.post("/api/verify", json=scenario)
    assert response.status_code == 503
    assert response.get_json()["error"].startswith("the work stopped: the process running it ended")
    monkeypatch.undo()
    response = client.post("/api/verify", json=scenario)  # a new pool takes over
    assert response.status_code == 200 and all(r["passed"] for r in response.get_json()["results"])


@pytest.mark.slow
def test_a_worker_killed_while_idle_costs_no_request(built_kb):
    client = create_app(built_kb).test_client()
    assert client.post(RULING).status_code == 200
    victims = [p for p in multiprocessing.active_children() if "Process" in type(p).__name__]
    assert victims
    os.kill(victims[0].pid, signal.SIGKILL)
    victims[0].join(10)
    time.sleep(0.5)  # the pool sees its worker gone
    response = client.post(RULING)
    assert response.status_code == 200, response.get_json()


def test_the_workers_read_the_kb_file_now_at_the_path(built_kb, tmp_path):
    kb = tmp_path / "kb.sqlite"
    shutil.copyfile(built_kb, kb)
    client = create_app(kb).test_client()
    assert client.post(RULING).status_code == 200
    garbage = tmp_path / "garbage"
    garbage.write_bytes(b"not a database" * 1000)
    os.replace(garbage, kb)  # as a rebuild renames its new file in
    response = client.post(RULING)
    assert response.status_code == 503 and "knowledge base is unavailable" in response.get_json()["error"]
    os.remove(kb)
    assert client.post(RULING).status_code == 503
    shutil.copyfile(built_kb, tmp_path / "new")
    os.replace(tmp_path / "new", kb)
    response = client.post(RULING)
    assert response.status_code == 200 and response.get_json()["failed"] == 0
