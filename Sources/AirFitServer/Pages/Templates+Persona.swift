/// The AI coach persona and communication style pages.
extension Templates {
    static var persona: [(String, String)] {
        [("persona", personaPage), ("communication", communication)]
    }

    static let setUpCoach = """
        <section class="card stack" aria-labelledby="no-coach"><h2 id="no-coach">No coach yet</h2>
        <p>Answer a few questions about your life, goals and style, and AirFit builds a coach persona that fits you.</p>
        <a class="button primary" href="/onboarding" data-testid="persona.setup">Set up your coach</a></section>
        """

    static let personaPage = """
        \(back)
        {{^hasProfile}}\(setUpCoach){{/hasProfile}}
        {{#hasProfile}}
        <section class="card" aria-labelledby="current" data-testid="persona.current"><h2 id="current">Current persona</h2>
        <ul class="tags" aria-label="Coaching style">{{#tags}}<li class="tag{{#primary}} primary{{/primary}}" data-testid="persona.tag.{{role}}">{{name}}</li>{{/tags}}</ul>
        <p data-testid="persona.summary">{{sentence}}</p>
        <p><strong>Goal:</strong> {{aspiration}}</p>
        </section>
        <section class="card" aria-labelledby="blend"><h2 id="blend">Coaching style blend</h2>
        <svg class="donut" viewBox="0 0 42 42" role="img" aria-label="{{chartLabel}}" data-testid="persona.blend.chart">
        <circle class="track" cx="21" cy="21" r="15.9155"></circle>
        {{#segments}}<circle class="seg-{{style}}" cx="21" cy="21" r="15.9155" stroke-dasharray="{{dash}}" stroke-dashoffset="{{offset}}" data-testid="persona.blend.segment"></circle>{{/segments}}
        <text x="21" y="23.2" text-anchor="middle">{{leadPercent}}%</text>
        </svg>
        <ul class="legend" data-testid="persona.blend.legend">{{#legend}}<li><span class="swatch seg-{{style}}" aria-hidden="true"></span><span>{{name}}</span><strong>{{percent}}%</strong></li>{{/legend}}</ul>
        </section>
        <section class="card" aria-labelledby="comm"><h2 id="comm">Communication style</h2>
        <dl class="rows">
        <dt>Absence response</dt><dd data-testid="persona.absence">{{absence}}</dd>
        <dt>Celebration style</dt><dd data-testid="persona.celebration">{{celebration}}</dd>
        <dt>Quiet hours</dt><dd data-testid="persona.quietHours">{{quietHours}}</dd>
        </dl>
        <a href="/settings/communication" data-testid="persona.communication">Change communication style</a>
        </section>
        <section class="card stack" aria-labelledby="preview" data-testid="persona.preview"><h2 id="preview">Preview</h2>
        <p class="hint">A sample message in your coach's voice.</p>
        <div id="persona-preview"></div>
        <button type="button" class="secondary" data-testid="persona.preview.generate">Generate new preview</button>
        </section>
        <script src="/events.js" defer></script><script src="/persona-preview.js" defer></script>
        <form method="post" action="/settings/persona/refine" class="stack">\(csrf)
        <button type="submit" class="primary" data-testid="persona.refine">Refine coach persona</button>
        <p class="hint">Go through the questions again with your answers filled in. Your coach changes when you finish.</p>
        </form>
        {{#hasDraft}}<p><a href="/onboarding" data-testid="persona.continue">Continue the refinement you started</a></p>{{/hasDraft}}
        {{/hasProfile}}
        """

    static let communication = """
        \(back)
        \(errors)
        {{^hasProfile}}\(setUpCoach){{/hasProfile}}
        {{#hasProfile}}
        <form method="post" action="/settings/communication" class="stack">\(csrf)
        <fieldset class="card"><legend>Absence response</legend><p class="hint">When you go quiet for a while</p>
        {{#absence}}<label class="option"><input type="radio" name="absence" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="communication.absence.{{value}}"><span>{{name}}</span></label>{{/absence}}
        </fieldset>
        <fieldset class="card"><legend>Celebration style</legend><p class="hint">When you hit a milestone</p>
        {{#celebration}}<label class="option"><input type="radio" name="celebration" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="communication.celebration.{{value}}"><span>{{name}}</span></label>{{/celebration}}
        </fieldset>
        <button type="submit" class="primary" data-testid="communication.save">Save</button>
        </form>
        {{/hasProfile}}
        """
}
