/// The AI provider page, its key entry page and the key removal confirmation.
extension Templates {
    static var providerPages: [(String, String)] {
        [("provider", provider), ("providerKey", providerKey), ("providerKeyRemove", providerKeyRemove)]
    }

    static let providerScript = #"<script src="/provider.js" defer></script>"#

    static let provider = """
        <header class="bar"><a class="icon-link" href="/settings" aria-label="Back to settings">‹</a><h1>{{heading}}</h1></header>
        {{#notices}}<p class="notice" role="status" data-testid="provider.notice">{{.}}</p>{{/notices}}
        \(errors)
        <section class="card" aria-labelledby="current-title" data-testid="provider.current"><h2 id="current-title">Current configuration</h2>
        <dl class="rows">
        <dt>Provider</dt><dd data-testid="provider.current.provider">{{currentProvider}}</dd>
        <dt>Model</dt><dd data-testid="provider.current.model">{{currentModel}}</dd>
        <dt>Status</dt><dd><span class="badge {{#statusActive}}ok{{/statusActive}}{{^statusActive}}warn{{/statusActive}}" data-testid="provider.current.status">{{status}}</span></dd>
        </dl></section>
        <form method="post" action="/settings/provider" class="stack" id="provider-form" novalidate>\(csrf)
        <fieldset class="card"><legend>Select provider</legend>
        {{#providers}}<label class="option provider-card"><input type="radio" name="provider" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="provider.{{value}}">
        <span class="grow"><strong>{{name}}</strong><span class="hint">{{modelCount}}</span></span><span class="badge{{#hasKey}} ok{{/hasKey}}">{{keyBadge}}</span></label>{{/providers}}
        </fieldset>
        <button type="submit" name="action" value="choose" class="secondary" data-testid="provider.choose" data-js-hide>Show this provider's settings</button>
        <p class="visually-hidden" role="status" id="choice-status"></p>
        <div id="provider-choice" class="stack">
        <input type="hidden" name="shown" value="{{shown}}">
        <fieldset class="card stack" data-testid="provider.settings"><legend>{{chosenName}} settings</legend>
        <label for="model">Model</label>
        {{#hasModelList}}<select id="model" name="model" data-testid="provider.model" aria-describedby="model-hint">{{#models}}<option value="{{value}}" {{#selected}}selected{{/selected}}>{{value}}</option>{{/models}}</select>{{/hasModelList}}
        {{^hasModelList}}<input id="model" name="model" type="text" value="{{model}}" autocomplete="off" autocapitalize="off" spellcheck="false" data-testid="provider.model" aria-describedby="model-hint">{{/hasModelList}}
        <span class="hint" id="model-hint" data-testid="provider.modelSource">{{modelSource}}</span>
        <label for="base_url">Base URL <span class="hint">(optional)</span></label>
        <input id="base_url" name="base_url" type="url" value="{{baseURL}}" placeholder="{{defaultBaseURL}}" autocomplete="url" autocapitalize="off" spellcheck="false" data-testid="provider.baseURL" aria-describedby="base-url-hint">
        <span class="hint" id="base-url-hint">{{baseURLHint}} Leave it empty for {{defaultBaseURL}}.</span>
        <label for="temperature">Temperature (0–{{maxTemperature}})</label>
        <input id="temperature" name="temperature" type="number" min="0" max="{{maxTemperature}}" step="0.1" inputmode="decimal" value="{{temperature}}" placeholder="Default" data-testid="provider.temperature" aria-describedby="temperature-hint">
        <span class="hint" id="temperature-hint">Lower is steadier, higher more varied. Empty uses the provider's default.</span>
        <label for="max_tokens">Max tokens per reply (1–{{maxTokensLimit}})</label>
        <input id="max_tokens" name="max_tokens" type="number" min="1" max="{{maxTokensLimit}}" step="1" inputmode="numeric" value="{{maxTokens}}" placeholder="Default" data-testid="provider.maxTokens" aria-describedby="max-tokens-hint">
        <span class="hint" id="max-tokens-hint">Empty uses the provider's default.</span>
        </fieldset>
        {{^canSave}}<p class="hint" id="save-hint" data-testid="provider.saveHint">Add an API key for {{chosenName}} below to save this configuration.</p>{{/canSave}}
        <button type="submit" name="action" value="save" class="primary" data-testid="provider.save" {{^canSave}}disabled aria-describedby="save-hint"{{/canSave}}>Save configuration</button>
        </div>
        </form>
        <section class="card" aria-labelledby="keys-title"><h2 id="keys-title">API keys</h2>
        <ul class="key-list">{{#keys}}<li data-testid="apikey.{{id}}">
        <span class="grow"><strong>{{name}}</strong>{{#isActive}} <span class="badge ok">In use</span>{{/isActive}}<span class="hint" data-testid="apikey.{{id}}.status">{{detail}}</span></span>
        {{#hasKey}}<a class="button" href="/settings/provider/keys/{{id}}/remove" data-dialog="remove-{{id}}" data-testid="apikey.{{id}}.remove" aria-label="Remove the {{name}} key">Remove</a>
        <dialog id="remove-{{id}}" aria-labelledby="remove-{{id}}-title"><form method="post" action="/settings/provider/keys/{{id}}/remove" class="stack">\(csrf)
        <h2 id="remove-{{id}}-title">Remove the {{name}} key?</h2><p>{{removeNote}}</p>
        <button type="submit" class="danger" data-testid="apikey.{{id}}.remove.confirm">Remove key</button>
        <button type="button" class="secondary" data-close data-testid="apikey.{{id}}.remove.cancel">Cancel</button>
        </form></dialog>{{/hasKey}}
        {{^hasKey}}<a class="button" href="/settings/provider/keys/{{id}}" data-testid="apikey.{{id}}.add" aria-label="Add a {{name}} key">Add key</a>{{/hasKey}}
        </li>{{/keys}}</ul>
        <p class="hint">Keys are encrypted (AES-256-GCM, under this installation's master key) before they are stored. \
        AirFit never shows a saved key again, only its last four characters.</p>
        </section>
        \(providerScript)
        """

    /// The spec's key entry sheet as a page. `autocomplete="new-password"` keeps browsers from filling in the
    /// AirFit sign-in password (which would then be sent to the provider); the field is never filled by the server.
    static let providerKey = """
        <header class="bar"><a class="icon-link" href="/settings/provider" aria-label="Back to AI provider">‹</a><h1>{{heading}}</h1></header>
        <section class="card"><h2>{{name}}</h2><p class="hint">{{requirement}}</p></section>
        \(errors)
        <form method="post" action="/settings/provider/keys/{{id}}" class="card stack" id="key-form" novalidate>\(csrf)
        <label for="apikey">API key</label>
        <div class="secret"><input id="apikey" name="key" type="password" autocomplete="new-password" autocapitalize="off" spellcheck="false" autofocus data-testid="apikey.input" {{#hasErrors}}aria-invalid="true" aria-describedby="form-errors"{{/hasErrors}}>
        <button type="button" class="secondary" data-testid="apikey.toggle" aria-controls="apikey" aria-pressed="false" hidden>Show</button></div>
        <label for="key_base_url">Base URL <span class="hint">(optional)</span></label>
        <input id="key_base_url" name="base_url" type="url" value="{{baseURL}}" placeholder="{{defaultBaseURL}}" autocomplete="url" autocapitalize="off" spellcheck="false" data-testid="apikey.baseURL" aria-describedby="key-base-url-hint">
        <span class="hint" id="key-base-url-hint">{{baseURLHint}} Leave it empty for {{defaultBaseURL}}.</span>
        {{#offerSkipTest}}<label class="option"><input type="checkbox" name="skip_test" data-testid="apikey.skipTest"><span>Save without testing</span></label>{{/offerSkipTest}}
        <p class="validating" role="status" id="validating" data-testid="apikey.validating"></p>
        <div class="actions"><button type="submit" class="primary" data-testid="apikey.save">Save key</button>
        <a class="button" href="/settings/provider" data-testid="apikey.cancel">Cancel</a></div>
        </form>
        <section class="card" aria-labelledby="how-title"><h2 id="how-title">Instructions</h2><p>{{instructions}}</p>
        {{#hasKeyURL}}<p><a href="{{keyURL}}" target="_blank" rel="noopener noreferrer" data-testid="apikey.getKey">Get an API key from {{name}}<span class="visually-hidden"> (opens in a new tab)</span></a></p>{{/hasKeyURL}}
        <p class="hint">AirFit checks the key's format, then asks {{name}} for its model list with it. Only a key that passes is saved.</p>
        </section>
        \(providerScript)
        """

    static let providerKeyRemove = """
        <header class="bar"><a class="icon-link" href="/settings/provider" aria-label="Back to AI provider">‹</a><h1>{{heading}}</h1></header>
        <form method="post" action="/settings/provider/keys/{{id}}/remove" class="card stack">\(csrf)
        <h2>Remove the {{name}} key?</h2><p>{{removeNote}}</p>
        <div class="actions"><button type="submit" class="danger" data-testid="apikey.{{id}}.remove.confirm">Remove key</button>
        <a class="button" href="/settings/provider" data-testid="apikey.{{id}}.remove.cancel">Cancel</a></div>
        </form>
        """
}
