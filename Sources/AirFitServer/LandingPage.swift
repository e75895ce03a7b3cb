/// The page served at `/` until the web app lands: tells the person the server runs and how to check it.
enum LandingPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>AirFit</title>
        <style>
        body{font-family:system-ui,-apple-system,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1115;color:#f2f4f8}
        main{max-width:28rem;padding:2rem}
        h1{font-size:2rem;margin:0 0 .5rem} p{line-height:1.5;color:#c5cad3} a{color:#7cc4ff}
        </style>
        </head>
        <body><main>
        <h1>AirFit</h1>
        <p>Your AirFit server is running. The coach's web app is being built; meanwhile use the
        <code>airfit</code> command line. Server health: <a href="/health">/health</a>.</p>
        </main></body>
        </html>
        """
}
