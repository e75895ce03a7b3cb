"""Fixtures for the interop suite: the airfit runner of Tests/CLI, and llm-katan servers started once per session."""
import importlib.util
import os

import pytest

from katan_servers import GoogleKeyHeaderProxy, Katan

# Tests/CLI/conftest.py under its own module name, so both suites can run in one pytest session.
_spec = importlib.util.spec_from_file_location(
    "airfit_cli_conftest", os.path.join(os.path.dirname(__file__), "..", "CLI", "conftest.py"))
cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cli)
airfit = cli.airfit


@pytest.fixture(scope="session")
def katan(tmp_path_factory):
    """`katan(provider)` → the base URL to give airfit for that provider; servers start once per session."""
    folder = str(tmp_path_factory.mktemp("katan"))
    servers, proxies, bases = [], [], {}

    def base_url(provider):
        if provider == "custom":
            return base_url("openai")
        if provider not in bases:
            server = Katan(provider, folder)
            servers.append(server)
            if provider == "gemini":
                proxy = GoogleKeyHeaderProxy(server.port)
                proxies.append(proxy)
                bases[provider] = proxy.root
            else:
                bases[provider] = server.root + "/v1"
        return bases[provider]

    yield base_url
    for proxy in proxies:
        proxy.stop()
    for server in servers:
        server.stop()
