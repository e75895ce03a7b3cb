/// The page app lock shows after the idle timeout.
extension Templates {
    static var appLock: [(String, String)] { [("unlock", unlock)] }

    static let unlock = """
        <h1>Welcome back</h1>
        <p class="lead">AirFit locked after {{minutes}} minutes without use. Enter your password to carry on.</p>
        \(errors)
        <form method="post" action="/unlock" class="card stack">\(csrf)
        <input type="hidden" name="next" value="{{next}}">
        <p>Signed in as <strong data-testid="unlock.email">{{email}}</strong></p>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required autofocus data-testid="unlock.password">
        <button type="submit" class="primary" data-testid="unlock.submit">Unlock</button>
        </form>
        <form method="post" action="/signout">\(csrf)<button type="submit" class="secondary" data-testid="unlock.signout">Sign out</button></form>
        """
}
