"""Serving HTTPS directly (AIRFIT_TLS_CERT / AIRFIT_TLS_KEY), the start-up errors of the sign-in settings, and
`airfit doctor` checking a sign-in provider's discovery document and keys (a real one: oidc-provider-mock)."""
import importlib.util
import os
import ssl
import subprocess
import time
import urllib.request

import pytest

_mock_module = None


def free_port():
    """A free port of 127.0.0.1 (this suite's own: several suites may run in one pytest session)."""
    return _oidc_mock().free_port()


def _oidc_mock():
    """Tests/OIDC/oidc_mock.py, loaded by path once."""
    global _mock_module
    if _mock_module is not None:
        return _mock_module
    path = os.path.join(os.path.dirname(__file__), "..", "OIDC", "oidc_mock.py")
    spec = importlib.util.spec_from_file_location("airfit_oidc_mock_cli", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _mock_module = module
    return module


@pytest.fixture
def certificate(tmp_path):
    """A self-signed P-256 certificate for localhost: (cert path, key path)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True)
    return str(cert), str(key)


@pytest.fixture
def oidc_provider(tmp_path):
    mock = _oidc_mock().OIDCMock(tmp_path)
    yield mock
    mock.close()


def test_serves_https_with_the_configured_certificate(airfit, certificate):
    cert, key = certificate
    port = free_port()
    server = airfit.serve({"AIRFIT_TLS_CERT": cert, "AIRFIT_TLS_KEY": key, "AIRFIT_PUBLIC_URL": f"https://localhost:{port}"}, port=port)
    trusted = ssl.create_default_context(cafile=cert)
    deadline, last = time.time() + 60, None
    while True:
        assert server.proc.poll() is None, "serve exited: " + server.output()[-800:]
        try:
            with urllib.request.urlopen(f"https://localhost:{port}/health", context=trusted, timeout=2) as answer:
                assert answer.status == 200
                break
        except (OSError, ssl.SSLError) as error:
            last = error
            assert time.time() < deadline, f"no HTTPS answer: {last}"
            time.sleep(0.2)
    # The certificate is the one configured: a client that trusts nothing else verified it; plain HTTP gets no page.
    with pytest.raises(Exception):
        urllib.request.urlopen(f"http://localhost:{port}/health", timeout=3).read()
    # Passkeys are offered on the HTTPS origin.
    with urllib.request.urlopen(f"https://localhost:{port}/signin", context=trusted, timeout=5) as answer:
        page = answer.read().decode()
    assert "/setup" in answer.url or 'data-testid="auth.passkey"' in page
    server.stop()


def test_a_missing_key_file_stops_the_server_with_a_clear_error(airfit, certificate, tmp_path):
    cert, _ = certificate
    p = airfit.run("serve", env={"AIRFIT_PORT": str(free_port()), "AIRFIT_TLS_CERT": cert,
                                 "AIRFIT_TLS_KEY": str(tmp_path / "missing-key.pem")}, check=False, timeout=60)
    assert p.returncode != 0
    assert "AIRFIT_TLS_KEY" in p.err and "can't be read" in p.err, p.err
    p = airfit.run("serve", env={"AIRFIT_PORT": str(free_port()), "AIRFIT_TLS_CERT": cert}, check=False, timeout=60)
    assert p.returncode != 0 and "AIRFIT_TLS_KEY" in p.err, p.err


def test_providers_without_a_public_url_stop_the_server_with_a_clear_error(airfit, oidc_provider):
    env = {"AIRFIT_PORT": str(free_port()), **oidc_provider.env("mock", "Mock ID")}
    p = airfit.run("serve", env=env, check=False, timeout=60)
    assert p.returncode != 0
    assert "AIRFIT_PUBLIC_URL" in p.err and "Sign-in providers" in p.err, p.err
    assert oidc_provider.CLIENT_SECRET not in p.err + p.out


def test_doctor_checks_each_providers_discovery_and_keys(airfit, oidc_provider):
    env = {"AIRFIT_PUBLIC_URL": "http://localhost:8080", **oidc_provider.env("mock", "Mock ID")}
    out = airfit.run("doctor", env=env, check=False, timeout=60).out
    line = next((l for l in out.splitlines() if "Sign-in provider mock" in l), "")
    assert line.startswith("✓"), out

    # The same provider at a closed port: a ✗ line naming it, and doctor fails.
    closed = f"http://127.0.0.1:{free_port()}"
    p = airfit.run("doctor", env={**env, "AIRFIT_OIDC_MOCK_ISSUER": closed}, check=False, timeout=60)
    line = next((l for l in p.out.splitlines() if "Sign-in provider mock" in l), "")
    assert line.startswith("✗"), p.out
    assert p.returncode != 0
