/// The settings hub and its sub-pages.
extension Templates {
    static var settings: [(String, String)] {
        [
            ("settings", hub), ("units", units), ("appearance", appearance), ("notifications", notifications),
            ("privacy", privacy), ("data", data), ("about", about),
            ("legal", legal), ("providerRequests", providerRequests),
        ]
    }

    static let back = """
        <header class="bar"><a class="icon-link" href="/settings" aria-label="Back to settings">‹</a><h1>{{heading}}</h1></header>
        {{#saved}}<p class="notice" role="status">Saved.</p>{{/saved}}
        """

    static let csrf = #"<input type="hidden" name="_csrf" value="{{csrf}}">"#

    static let hub = """
        <header class="bar"><a class="icon-link" href="/" aria-label="Home">‹</a><h1>Settings</h1></header>
        <nav aria-label="Settings sections" class="stack">
        <section aria-labelledby="hub-ai"><h2 id="hub-ai" class="section-title">AI configuration</h2><ul class="list">
        <li><a href="/settings/persona" data-testid="settings.aiPersona">AI coach persona<span class="value">{{persona}}</span></a></li>
        <li><a href="/settings/communication" data-testid="settings.communication">Communication style</a></li>
        <li><a href="/settings/provider" data-testid="settings.apiConfiguration">AI provider<span class="value">{{provider}}</span></a></li>
        </ul></section>
        <section aria-labelledby="hub-prefs"><h2 id="hub-prefs" class="section-title">Preferences</h2><ul class="list">
        <li><a href="/settings/units" data-testid="settings.units">Units<span class="value">{{units}}</span></a></li>
        <li><a href="/settings/appearance" data-testid="settings.appearance">Appearance<span class="value">{{appearance}}</span></a></li>
        <li><a href="/settings/notifications" data-testid="settings.notifications">Notifications</a></li>
        </ul></section>
        <section aria-labelledby="hub-privacy"><h2 id="hub-privacy" class="section-title">Privacy &amp; security</h2><ul class="list">
        <li><a href="/settings/privacy" data-testid="settings.privacy">Privacy, app lock &amp; analytics</a></li>
        </ul></section>
        <section aria-labelledby="hub-data"><h2 id="hub-data" class="section-title">Data management</h2><ul class="list">
        <li><a href="/settings/data" data-testid="settings.dataManagement">Export &amp; delete data</a></li>
        </ul></section>
        <section aria-labelledby="hub-support"><h2 id="hub-support" class="section-title">Support</h2><ul class="list">
        <li><a href="/settings/about" data-testid="settings.about">About<span class="value">{{version}}</span></a></li>
        </ul></section>
        {{#isDevelopment}}
        <section aria-labelledby="hub-dev"><h2 id="hub-dev" class="section-title">Developer</h2><ul class="list">
        <li><a href="/settings/debug" data-testid="settings.debug">Developer tools</a></li>
        </ul></section>
        {{/isDevelopment}}
        </nav>
        <form method="post" action="/signout">\(csrf)<button type="submit" class="secondary" data-testid="auth.signout">Sign out</button></form>
        """

    static let units = """
        \(back)
        \(errors)
        <form method="post" action="/settings/units" class="stack">\(csrf)
        <fieldset class="card"><legend>Measurement system</legend>
        {{#systems}}
        <label class="option"><input type="radio" name="units" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="units.{{value}}">
        <span><strong>{{name}}</strong><span class="hint">{{examples}}</span></span></label>
        {{/systems}}
        </fieldset>
        <button type="submit" class="primary" data-testid="units.save">Save</button>
        </form>
        """

    static let appearance = """
        \(back)
        \(errors)
        <form method="post" action="/settings/appearance" class="stack">\(csrf)
        <fieldset class="card"><legend>Theme</legend>
        {{#modes}}
        <label class="option"><input type="radio" name="appearance" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="appearance.{{value}}"><span>{{name}}</span></label>
        {{/modes}}
        </fieldset>
        <fieldset class="card"><legend>Feel</legend>
        <label class="option"><input type="checkbox" name="haptics" {{#haptics}}checked{{/haptics}} data-testid="appearance.haptics">\
        <span>Haptic feedback<span class="hint">A short vibration when your coach logs something (phones that support it).</span></span></label>
        </fieldset>
        <button type="submit" class="primary" data-testid="appearance.save">Save</button>
        </form>
        """

    static let notifications = """
        \(back)
        \(errors)
        <form method="post" action="/settings/notifications" class="stack">\(csrf)
        <fieldset class="card"><legend>Notifications</legend>
        <label class="option"><input type="checkbox" name="system" {{#system}}checked{{/system}} data-testid="notifications.system"><span>Allow notifications</span></label>
        {{#categories}}
        <label class="option"><input type="checkbox" name="cat_{{value}}" {{#checked}}checked{{/checked}} data-testid="notifications.{{value}}"><span>{{name}}</span></label>
        {{/categories}}
        </fieldset>
        <fieldset class="card"><legend>Quiet hours</legend>
        <label class="option"><input type="checkbox" name="quiet" {{#quiet}}checked{{/quiet}} data-testid="notifications.quietHours"><span>Silence notifications overnight</span></label>
        <label for="quiet_start">From</label><input id="quiet_start" name="quiet_start" type="time" value="{{quietStart}}" data-testid="notifications.quietStart">
        <label for="quiet_end">Until</label><input id="quiet_end" name="quiet_end" type="time" value="{{quietEnd}}" data-testid="notifications.quietEnd">
        </fieldset>
        <button type="submit" class="primary" data-testid="notifications.save">Save</button>
        </form>
        """

    static let privacy = """
        \(back)
        \(errors)
        <form method="post" action="/settings/privacy" class="stack">\(csrf)
        <fieldset class="card"><legend>App lock</legend>
        <label class="option"><input type="checkbox" name="app_lock" {{#appLock}}checked{{/appLock}} data-testid="privacy.appLock"><span>Lock after inactivity</span></label>
        <label for="lock_minutes">Minutes idle before locking (1–60)</label>
        <input id="lock_minutes" name="lock_minutes" type="number" min="1" max="60" inputmode="numeric" value="{{lockMinutes}}" data-testid="privacy.lockMinutes">
        </fieldset>
        <fieldset class="card"><legend>Analytics</legend>
        <label class="option"><input type="checkbox" name="analytics" {{#analytics}}checked{{/analytics}} data-testid="privacy.analytics"><span>Share anonymous usage analytics</span></label>
        </fieldset>
        <fieldset class="card" data-testid="privacy.coachSees"><legend>What your coach sees</legend><input type="hidden" name="coach_sees" value="1">
        <p class="hint">Every request to your AI provider is built from this list and nothing else. Never sent: your email,         account ids, height, weight or the coordinates of your location.</p>
        {{#contextItems}}
        {{#optional}}<label class="option"><input type="checkbox" name="share_{{value}}" {{#shared}}checked{{/shared}} data-testid="privacy.share.{{value}}">        <span><strong>{{title}}</strong><span class="hint">{{detail}}</span></span></label>{{/optional}}
        {{^optional}}<p class="option"><span><strong>{{title}}</strong> <span class="badge">Always</span><span class="hint">{{detail}}</span></span></p>{{/optional}}
        {{/contextItems}}
        </fieldset>
        <button type="submit" class="primary" data-testid="privacy.save">Save</button>
        </form>
        <p><a class="button" href="/settings/privacy/requests" data-testid="privacy.lastRequest">Show the last request</a></p>
        """

    static let providerRequests = """
        <header class="bar"><a class="icon-link" href="/settings/privacy" aria-label="Back to privacy">‹</a><h1>{{heading}}</h1></header>
        <p class="hint">The exact bodies of your last {{kept}} requests to an AI provider, newest first. Your API key is never in         a body (it travels in a header). These are kept in your own data and deleted with it.</p>
        {{^requests}}<p class="hint" data-testid="privacy.requests.empty">Nothing was sent to an AI provider yet.</p>{{/requests}}
        {{#requests}}<section class="card" data-testid="privacy.request"><h2>{{when}} · {{provider}} · {{model}}</h2>
        <pre class="code" tabindex="0">{{body}}</pre></section>{{/requests}}
        """

    static let data = """
        \(back)
        {{#deleted}}<p class="notice" role="status">All your data was deleted.</p>{{/deleted}}
        <form method="post" action="/settings/data/export" class="card stack">\(csrf)
        <h2>Export</h2>
        <fieldset><legend>Format</legend>
        <label class="option"><input type="radio" name="format" value="json" checked data-testid="data.format.json"><span>JSON</span></label>
        <label class="option"><input type="radio" name="format" value="csv" data-testid="data.format.csv"><span>CSV (zip)</span></label>
        </fieldset>
        <button type="submit" class="primary" data-testid="data.export">Export my data</button>
        </form>
        <section class="card" aria-labelledby="history"><h2 id="history">Export history</h2>
        {{^exports}}<p class="hint">No exports yet.</p>{{/exports}}
        <ul class="list" data-testid="data.history">{{#exports}}<li>{{date}} · {{format}} · {{size}}</li>{{/exports}}</ul>
        </section>
        <section class="card danger" aria-labelledby="delete"><h2 id="delete">Delete all data</h2>
        <p>Removes your profile, workouts, meals, messages and keys. Your sign-in stays.</p>
        <button type="button" class="danger" data-testid="data.delete" data-open-dialog="confirm-delete">Delete all data…</button>
        <dialog id="confirm-delete" aria-labelledby="confirm-title">
        <form method="post" action="/settings/data/delete" class="stack">\(csrf)
        <h2 id="confirm-title">Delete everything?</h2><p>This cannot be undone.</p>
        <button type="submit" class="danger" data-testid="data.delete.confirm">Delete everything</button>
        <button type="button" class="secondary" data-testid="data.delete.cancel" data-close>Cancel</button>
        </form></dialog>
        </section>
        """

    static let about = """
        \(back)
        <section class="card"><ul class="facts"><li><span class="label">Version</span> <strong data-testid="about.version">{{version}}</strong></li>
        <li><span class="label">Build</span> <strong data-testid="about.build">{{build}}</strong></li></ul></section>
        <ul class="list">
        <li><a href="/settings/about/privacy" data-testid="about.privacy">Privacy policy</a></li>
        <li><a href="/settings/about/terms" data-testid="about.terms">Terms of use</a></li>
        <li><a href="/settings/about/support" data-testid="about.support">Contact support</a></li>
        </ul>
        """

    static let legal = """
        <header class="bar"><a class="icon-link" href="/settings/about" aria-label="Back to About">‹</a><h1>{{heading}}</h1></header>
        <article class="card prose" data-testid="about.document">{{#paragraphs}}<p>{{.}}</p>{{/paragraphs}}</article>
        """
}
