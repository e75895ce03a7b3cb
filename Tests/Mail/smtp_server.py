"""A real SMTP server for AirFitMailTests: aiosmtpd on 127.0.0.1, a free port, each message stored as a file.

Usage: python smtp_server.py --out DIR [--user U --password P] [--tls-cert C --tls-key K [--implicit-tls]]
       [--reject ADDRESS ...] [--only-login] [--no-ehlo] [--silent] [--inject-after-starttls]
Prints "PORT <n>" once listening, then serves until stdin closes or the process is killed.
Each accepted message becomes DIR/<n>.eml (the bytes as received, dot-stuffing undone) and DIR/<n>.json
(envelope sender, recipients, whether the session authenticated and used TLS).
"""

import argparse
import asyncio
import json
import logging
import os
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Store:
    def __init__(self, out, reject):
        self.out = out
        self.reject = {address.lower() for address in reject}
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.reject:
            return "550 5.1.1 <%s>: mailbox unavailable" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.out, str(self.count))
        with open(base + ".eml", "wb") as f:
            f.write(envelope.original_content or envelope.content)
        with open(base + ".json", "w") as f:
            json.dump(
                {
                    "mail_from": envelope.mail_from,
                    "rcpt_tos": envelope.rcpt_tos,
                    "authenticated": bool(session.authenticated),
                    "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
                },
                f,
            )
        return "250 2.0.0 Stored"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--reject", nargs="*", default=[])
    parser.add_argument("--implicit-tls", action="store_true", help="TLS from the first byte (smtps) instead of STARTTLS")
    parser.add_argument("--only-login", action="store_true", help="offer AUTH LOGIN only")
    parser.add_argument("--no-ehlo", action="store_true", help="refuse EHLO with 502, as a HELO-only server does")
    parser.add_argument("--silent", action="store_true", help="accept connections and never answer")
    parser.add_argument(
        "--inject-after-starttls",
        action="store_true",
        help="a fake server that sends a plaintext EHLO reply right behind its STARTTLS reply (CVE-2011-0411)",
    )
    args = parser.parse_args()
    # aiosmtpd logs every session (and a traceback for the handshake the untrusted-certificate test makes fail).
    logging.getLogger("mail.log").setLevel(logging.CRITICAL)
    logging.captureWarnings(True)
    logging.getLogger("py.warnings").setLevel(logging.CRITICAL)

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == args.user
            and auth_data.password.decode() == args.password
        )
        return AuthResult(success=ok, handled=False)

    tls_context = None
    if args.tls_cert:
        tls_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls_context.load_cert_chain(args.tls_cert, args.tls_key)

    handler = Store(args.out, args.reject)

    class HeloOnlySMTP(SMTP):
        async def smtp_EHLO(self, arg):
            await self.push("502 5.5.1 EHLO not implemented")

    class Silent(asyncio.Protocol):
        pass

    class Injector(asyncio.Protocol):
        def connection_made(self, transport):
            self.transport = transport
            transport.write(b"220 injector ESMTP\r\n")

        def data_received(self, data):
            for line in data.split(b"\r\n"):
                command = line.upper()
                if command.startswith(b"AUTH") or command.startswith(b"MAIL"):
                    # Whatever the client sends after STARTTLS in the clear is a failure of the test.
                    with open(os.path.join(args.out, "plaintext-after-starttls"), "wb") as f:
                        f.write(line)
                elif command.startswith(b"EHLO"):
                    self.transport.write(b"250-injector\r\n250-STARTTLS\r\n250 AUTH PLAIN\r\n")
                elif command.startswith(b"STARTTLS"):
                    self.transport.write(b"220 go ahead\r\n250-injector\r\n250 AUTH PLAIN\r\n")

    def factory():
        if args.silent:
            return Silent()
        if args.inject_after_starttls:
            return Injector()
        kwargs = {"hostname": "airfit-test", "decode_data": False, "ident": "AirFit test SMTP"}
        if args.user:
            # With implicit TLS aiosmtpd does not know the socket is encrypted, so it must not require STARTTLS first.
            kwargs.update(authenticator=authenticator, auth_require_tls=tls_context is not None and not args.implicit_tls)
            if args.only_login:
                kwargs.update(auth_exclude_mechanism=["PLAIN"])
        if tls_context is not None and not args.implicit_tls:
            kwargs.update(tls_context=tls_context, require_starttls=True)
        return (HeloOnlySMTP if args.no_ehlo else SMTP)(handler, **kwargs)

    async def serve():
        loop = asyncio.get_running_loop()
        ssl_context = tls_context if args.implicit_tls else None
        server = await loop.create_server(factory, host="127.0.0.1", port=0, ssl=ssl_context)
        print("PORT %d" % server.sockets[0].getsockname()[1], flush=True)
        # Stop when the test closes our stdin (or kills us).
        await loop.run_in_executor(None, sys.stdin.read)
        server.close()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
