/// The coach chat page.
extension Templates {
    static let chat = """
        <header class="bar"><a class="icon-link" href="/" aria-label="Home">‹</a><h1>Coach</h1>
        <a class="button" href="/chat?new=1" data-testid="chat.new">New chat</a></header>
        {{#model}}<p class="hint" data-testid="chat.model">{{model}}</p>{{/model}}
        {{#needsProvider}}<p class="alert" role="alert" data-testid="chat.needsProvider">Your coach needs an AI provider first. \
        <a href="/settings/provider">Choose a provider and add its key</a>.</p>{{/needsProvider}}
        <ol class="chat" id="messages" aria-live="polite" aria-label="Conversation" data-testid="chat.messages">
        {{#isEmpty}}<li class="chat-empty hint" id="chat-empty">Tell your coach about a workout, a meal or how you feel — or ask anything.</li>{{/isEmpty}}
        {{#messages}}
        {{#isUser}}<li class="bubble user" data-testid="chat.message" data-role="user">{{text}}</li>{{/isUser}}
        {{#isCoach}}<li class="bubble coach{{#incomplete}} incomplete{{/incomplete}}" data-testid="chat.message" data-role="coach">\
        <span class="text">{{text}}</span>{{#incomplete}}<span class="reason" data-testid="chat.incomplete">Incomplete: {{incomplete}}</span>\
        {{#canRetry}}<button type="button" class="retry" data-testid="chat.retry">Retry</button>{{/canRetry}}{{/incomplete}}</li>{{/isCoach}}
        {{#isTool}}<li class="tool-card{{#failed}} failed{{/failed}}" data-testid="chat.tool">{{text}}</li>{{/isTool}}
        {{/messages}}
        </ol>
        {{#error}}<p class="alert" role="alert" data-testid="chat.error">{{error}}</p>{{/error}}
        <form method="post" action="/chat" class="chat-form" id="chat-form"{{#haptics}} data-haptics="1"{{/haptics}}>\(csrf)
        <input type="hidden" name="conversation" value="{{conversation}}">
        <textarea id="chat-input" name="message" aria-label="Message your coach" rows="2" required maxlength="8000" placeholder="Message your coach" data-testid="chat.input">{{draft}}</textarea>
        <div class="chat-buttons">
        <button type="button" class="secondary" id="chat-stop" data-testid="chat.stop" hidden>Stop</button>
        <button type="submit" class="primary" id="chat-send" data-testid="chat.send">Send</button>
        </div>
        <p class="hint" id="chat-status" role="status" aria-live="polite"></p>
        </form>
        <script src="/events.js" defer></script><script src="/chat.js" defer></script>
        """
}
