/// The Mustache templates of the web app (layout and auth pages; settings pages live in `Templates+Settings`).
enum Templates {
    static var all: [(String, String)] {
        [
            ("layout", layout), ("setup", setup), ("signin", signin), ("home", home), ("onboarding", onboarding),
            ("chat", chat),
        ] + settings + appLock + persona + providerPages + debugPages
    }

    static let layout = """
        <!doctype html>
        <html lang="en" class="theme-{{appearance}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        <title>{{title}} · AirFit</title>
        <link rel="stylesheet" href="/app.css">
        <link rel="manifest" href="/manifest.webmanifest">
        <link rel="icon" href="/icon.svg" type="image/svg+xml">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <main id="main">
        {{{body}}}
        </main>
        </body>
        </html>
        """

    static let errors = """
        {{#hasErrors}}<div class="alert" role="alert" id="form-errors"><ul>{{#errors}}<li>{{.}}</li>{{/errors}}</ul></div>{{/hasErrors}}
        """

    static let setup = """
        <h1>Welcome to AirFit</h1>
        <p class="lead">Create the owner account for this installation.</p>
        \(errors)
        <form method="post" action="/setup" class="card stack">
        <input type="hidden" name="_csrf" value="{{csrf}}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required value="{{email}}" data-testid="auth.email">
        <label for="password">Password <span class="hint">(at least 10 characters)</span></label>
        <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" data-testid="auth.password">
        <button type="submit" class="primary" data-testid="auth.submit">Create account</button>
        </form>
        """

    static let signin = """
        <h1>Sign in</h1>
        \(errors)
        <form method="post" action="/signin" class="card stack">
        <input type="hidden" name="_csrf" value="{{csrf}}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="{{email}}" data-testid="auth.email">
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required data-testid="auth.password">
        <button type="submit" class="primary" data-testid="auth.submit">Sign in</button>
        </form>
        """

    static let home = """
        <header class="bar"><h1>{{greeting}}</h1>
        <a class="icon-link" href="/settings" data-testid="home.settings" aria-label="Settings">⚙︎</a></header>
        {{#coachLine}}<p class="lead" data-testid="home.coach">{{coachLine}}</p>{{/coachLine}}
        {{#aspiration}}<p class="hint">Working toward: <strong>{{aspiration}}</strong></p>{{/aspiration}}
        <a class="button primary block" href="/chat" data-testid="home.chat">Chat with your coach</a>
        <section class="card" aria-labelledby="logged"><h2 id="logged">Logged today</h2>
        {{#hasToday}}<ul class="logs" data-testid="home.today">{{#today}}<li>{{.}}</li>{{/today}}</ul>{{/hasToday}}
        {{^hasToday}}<p class="hint" data-testid="home.today.empty">Nothing yet. Tell your coach about a workout or a meal and it lands here.</p>{{/hasToday}}
        </section>
        <section class="card" aria-labelledby="today"><h2 id="today">Your numbers</h2>
        <ul class="facts" data-testid="home.units">
        <li><span class="label">Weight</span> <strong data-testid="home.weight">{{weight}}</strong></li>
        <li><span class="label">Height</span> <strong data-testid="home.height">{{height}}</strong></li>
        <li><span class="label">Run goal</span> <strong data-testid="home.distance">{{distance}}</strong></li>
        <li><span class="label">Outside</span> <strong data-testid="home.temperature">{{temperature}}</strong></li>
        </ul></section>
        """

    static let onboarding = """
        {{#showsProgress}}<div class="progress" role="progressbar" aria-label="Onboarding progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="{{percent}}" data-testid="onboarding.progress"><span style="width:{{percent}}%"></span></div>{{/showsProgress}}
        <form method="post" action="/onboarding" class="stack" novalidate>
        <input type="hidden" name="_csrf" value="{{csrf}}"><input type="hidden" name="screen" value="{{screen}}">
        {{#is_opening}}<h1>Let's build your coach</h1>
        <p class="lead">A few questions about your life, goals and style shape a coach that fits you. About four minutes.</p>
        <button type="submit" name="action" value="begin" class="primary" data-testid="onboarding.begin.button">Begin</button>{{/is_opening}}
        {{^is_opening}}<h1>{{heading}}</h1>{{/is_opening}}
        \(errors)
        {{#is_lifeSnapshot}}<fieldset><legend>What describes your life right now? Choose all that apply.</legend>
        {{#items}}<label class="option"><input type="checkbox" name="life_{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.life.{{value}}"><span>{{name}}</span></label>{{/items}}
        </fieldset>{{/is_lifeSnapshot}}
        {{#is_coreAspiration}}<fieldset><legend>What matters most to you?</legend>
        {{#cards}}<label class="option"><input type="radio" name="aspiration" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.aspiration.{{value}}"><span>{{name}}</span></label>{{/cards}}
        </fieldset>
        <label for="aspiration_text">In your own words <span class="hint">(optional with a card)</span></label>
        <textarea id="aspiration_text" name="aspiration_text" rows="3" maxlength="600" data-testid="onboarding.aspiration.text">{{aspirationText}}</textarea>{{/is_coreAspiration}}
        {{#is_coachingStyle}}<p class="lead">Blend the styles your coach uses.</p>
        {{#styles}}<div class="slider"><label for="style_{{value}}">{{name}}</label><input id="style_{{value}}" name="style_{{value}}" type="range" min="0" max="100" value="{{percent}}" aria-describedby="phrase_{{value}}" data-testid="onboarding.style.{{value}}" data-low="{{low}}" data-medium="{{medium}}" data-high="{{high}}">
        <output id="phrase_{{value}}" for="style_{{value}}" class="hint" data-testid="onboarding.style.{{value}}.phrase">{{phrase}}</output></div>{{/styles}}
        <p class="hint">The shares are balanced to 100% when you continue.</p>{{/is_coachingStyle}}
        {{#is_engagement}}<fieldset><legend>How involved should your coach be?</legend>
        {{#presets}}<label class="option"><input type="radio" name="engagement" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.engagement.{{value}}"><span><strong>{{name}}</strong><span class="hint">{{summary}}</span></span></label>{{/presets}}
        </fieldset>
        <fieldset><legend>Custom settings</legend>
        <label class="option"><input type="checkbox" name="detailed_tracking" data-testid="onboarding.engagement.detailedTracking"><span>Detailed tracking</span></label>
        <label class="option"><input type="checkbox" name="daily_insights" data-testid="onboarding.engagement.dailyInsights"><span>Daily insights</span></label>
        <label class="option"><input type="checkbox" name="auto_recovery" data-testid="onboarding.engagement.autoRecovery"><span>Adjust for recovery automatically</span></label>
        </fieldset>{{/is_engagement}}
        {{#is_availability}}\(availability){{/is_availability}}
        {{#is_sleep}}<label for="bedtime">Bedtime</label><input id="bedtime" name="bedtime" type="time" value="{{bedtime}}" data-testid="onboarding.sleep.bedtime">
        <label for="wake">Wake time</label><input id="wake" name="wake" type="time" value="{{wake}}" data-testid="onboarding.sleep.wake">
        <fieldset><legend>Your rhythm</legend>
        {{#rhythms}}<label class="option"><input type="radio" name="rhythm" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.sleep.rhythm.{{value}}"><span>{{name}}</span></label>{{/rhythms}}
        </fieldset>
        <p class="hint">Your coach never sends anything between bedtime and wake time.</p>{{/is_sleep}}
        {{#is_motivation}}<fieldset><legend>When you hit a milestone</legend>
        {{#achievements}}<label class="option"><input type="radio" name="achievement" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.motivation.achievement.{{value}}"><span>{{name}}</span></label>{{/achievements}}
        </fieldset><fieldset><legend>When you go quiet for a while</legend>
        {{#inactivity}}<label class="option"><input type="radio" name="inactivity" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.motivation.inactivity.{{value}}"><span>{{name}}</span></label>{{/inactivity}}
        </fieldset><fieldset><legend>Units</legend>
        {{#units}}<label class="option"><input type="radio" name="units" value="{{value}}" {{#checked}}checked{{/checked}} data-testid="onboarding.units.{{value}}"><span>{{name}}</span></label>{{/units}}
        </fieldset>
        <label class="option"><input type="checkbox" name="baseline" {{#baseline}}checked{{/baseline}} data-testid="onboarding.baseline"><span>Spend 14 days learning my baseline first</span></label>{{/is_motivation}}
        {{#is_ready}}{{#summary}}<section class="card" data-testid="onboarding.summary"><h2>Your coach</h2><p>{{style}}</p>
        <p><strong>Goal:</strong> {{aspiration}}</p>{{#goalSource}}<p class="hint" data-testid="onboarding.goalSource">{{goalSource}}</p>{{/goalSource}}<p><strong>Engagement:</strong> {{engagement}}</p>
        <ul>{{#boundaries}}<li>{{.}}</li>{{/boundaries}}</ul></section>{{/summary}}
        <button type="submit" name="action" value="finish" class="primary" data-testid="onboarding.ready.begin">Begin with my coach</button>
        <button type="submit" name="action" value="refine" class="secondary" data-testid="onboarding.ready.refine">Review &amp; refine</button>{{/is_ready}}
        {{#isQuestion}}<div class="actions">
        <button type="submit" name="action" value="next" class="primary" data-testid="onboarding.next.button">Next</button>
        {{#canGoBack}}<button type="submit" name="action" value="back" class="secondary" data-testid="onboarding.back.button">Back</button>{{/canGoBack}}
        </div>{{/isQuestion}}
        {{^is_ready}}<button type="submit" name="action" value="skip" class="secondary" data-testid="onboarding.skip.button">Maybe later</button>{{/is_ready}}
        </form>
        {{#is_motivation}}<div class="generating" id="generating" hidden role="status" aria-live="polite" data-testid="onboarding.generating">
        <h2>Creating your coach</h2><ol class="steps">
        <li>Understanding your goal{{#analyzesGoal}} with your AI provider{{/analyzesGoal}}</li><li>Blending your coaching style</li>
        <li>Setting your boundaries and check-ins</li><li>Writing your coach's instructions</li></ol></div>{{/is_motivation}}
        <p class="hint privacy" data-testid="onboarding.privacy">Private by design: your answers are stored on this server and only sent \
        to the AI provider you choose, with your own key.</p>
        <script src="/onboarding.js" defer></script>
        """
}
