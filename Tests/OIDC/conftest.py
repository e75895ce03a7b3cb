"""Fixtures for the OpenID Connect suite: the airfit runner of Tests/CLI (every output scanned for secrets), the
fake ES256 provider (fake_oidc.py) and an Apple-style team key. The steps are in oidc_steps.py."""
import importlib.util
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_oidc import FakeOIDC  # noqa: E402

# Tests/CLI/conftest.py under its own module name, so several suites can run in one pytest session.
_spec = importlib.util.spec_from_file_location(
    "airfit_cli_conftest_oidc", os.path.join(os.path.dirname(__file__), "..", "CLI", "conftest.py"))
cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cli)
airfit = cli.airfit


@pytest.fixture
def fake_oidc():
    provider = FakeOIDC()
    yield provider
    provider.close()


@pytest.fixture
def apple_team_key(tmp_path):
    """An Apple-style team key: (path of the .p8 PEM private key, its public key PEM)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    path = tmp_path / "AuthKey_TESTKEY123.p8"
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    public = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    return str(path), public
