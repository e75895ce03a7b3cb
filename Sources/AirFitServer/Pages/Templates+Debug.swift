/// The developer tools page (development only).
extension Templates {
    static var debugPages: [(String, String)] { [("debug", debug)] }

    static let debug = """
        <header class="bar"><a class="icon-link" href="/settings" aria-label="Back to settings">‹</a><h1>{{heading}}</h1></header>
        <section class="card" aria-labelledby="health-title" data-testid="debug.health"><h2 id="health-title">Service health</h2>
        {{#nothingToCheck}}<p class="hint">Nothing to check: add an API key on the AI provider page.</p>{{/nothingToCheck}}
        {{#checkedHealth}}
        <ul class="key-list">{{#health}}<li data-testid="debug.health.{{id}}">
        <span class="grow"><strong>{{name}}</strong><span class="hint">{{address}}</span>{{#hasError}}<span class="hint">Last error: {{error}}</span>{{/hasError}}</span>
        <span class="end"><span class="badge {{tone}}" data-testid="debug.health.{{id}}.status">{{status}}</span>{{#hasLatency}}<span class="hint">{{latency}}</span>{{/hasLatency}}</span>
        </li>{{/health}}</ul>{{/checkedHealth}}
        {{^checkedHealth}}<p class="hint">Each provider with a key is asked for its model list.</p>{{/checkedHealth}}
        <form method="post" action="/settings/debug/health"><input type="hidden" name="_csrf" value="{{csrf}}"><button type="submit" class="button" data-testid="debug.health.check">{{#checkedHealth}}Check again{{/checkedHealth}}{{^checkedHealth}}Check now{{/checkedHealth}}</button></form>
        </section>
        <section class="card" aria-labelledby="config-title" data-testid="debug.configuration"><h2 id="config-title">Configuration</h2>
        <dl class="rows">{{#configuration}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/configuration}}</dl>
        </section>
        <form method="post" action="/settings/debug/decode" class="card stack" novalidate>\(csrf)
        <h2>Decode a pasted stream</h2>
        <p class="hint">Paste a raw provider response body to see what AirFit's decoders make of it: the summary <code>airfit debug decode</code> prints.</p>
        \(errors)
        <label for="decode-provider">Wire format</label>
        <select id="decode-provider" name="provider" data-testid="debug.decode.provider">{{#formats}}<option value="{{value}}" {{#selected}}selected{{/selected}}>{{name}}</option>{{/formats}}</select>
        <label for="stream">Response body</label>
        <textarea id="stream" name="stream" rows="8" spellcheck="false" autocapitalize="off" data-testid="debug.decode.input">{{stream}}</textarea>
        <button type="submit" class="primary" data-testid="debug.decode.submit">Decode</button>
        </form>
        {{#hasResult}}<section class="card" aria-labelledby="result-title"><h2 id="result-title">Summary</h2>
        <pre class="json" tabindex="0" data-testid="debug.decode.result">{{result}}</pre></section>{{/hasResult}}
        """
}
