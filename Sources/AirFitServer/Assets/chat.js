(() => {
  const form = document.getElementById('chat-form');
  if (!form || !window.fetch || !window.AirFitEvents) return;
  const list = document.getElementById('messages');
  const input = document.getElementById('chat-input');
  const send = document.getElementById('chat-send');
  const stop = document.getElementById('chat-stop');
  const status = document.getElementById('chat-status');
  const csrf = form.querySelector('[name=_csrf]').value;
  const conversation = form.querySelector('[name=conversation]').value;
  const pill = document.getElementById('chat-new-messages');
  let controller = null;

  // The newest message stays in view above the message box; someone reading older messages is not pulled down,
  // a "New messages" button appears instead.
  const root = document.scrollingElement || document.documentElement;
  function nearBottom() { return root.scrollHeight - (root.scrollTop + window.innerHeight) < 80; }
  function toBottom() { root.scrollTop = root.scrollHeight; pill.hidden = true; }
  function changing(update) {
    const follow = nearBottom();
    const result = update();
    if (follow) toBottom(); else pill.hidden = false;
    return result;
  }
  pill.addEventListener('click', () => { toBottom(); input.focus(); });

  // What is typed survives a trip to the provider setup and back (this tab only), until the coach has it.
  const draftKey = 'airfit.chatDraft';
  try {
    if (!input.value && sessionStorage.getItem(draftKey)) input.value = sessionStorage.getItem(draftKey);
    input.addEventListener('input', () => sessionStorage.setItem(draftKey, input.value));
  } catch (error) { /* storage unavailable: the text stays in the box */ }
  function sent() {
    input.value = '';
    try { sessionStorage.removeItem(draftKey); } catch (error) { /* nothing stored */ }
  }
  window.addEventListener('scroll', () => { if (nearBottom()) pill.hidden = true; }, {passive: true});
  toBottom();

  function item(className, role) {
    return changing(() => {
      const empty = document.getElementById('chat-empty');
      if (empty) empty.remove();
      const li = document.createElement('li');
      li.className = className;
      if (role) { li.dataset.role = role; li.dataset.testid = 'chat.message'; }
      list.appendChild(li);
      return li;
    });
  }
  function coachBubble() {
    const li = item('bubble coach', 'coach');
    const text = document.createElement('span');
    text.className = 'text';
    li.appendChild(text);
    return li;
  }
  function markIncomplete(li, reason) { changing(() => addReason(li, reason)); }
  function addReason(li, reason) {
    li.classList.add('incomplete');
    const note = document.createElement('span');
    note.className = 'reason';
    note.dataset.testid = 'chat.incomplete';
    note.textContent = 'Incomplete: ' + reason;
    li.appendChild(note);
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'retry';
    retry.dataset.testid = 'chat.retry';
    retry.textContent = 'Retry';
    li.appendChild(retry);
  }
  function busy(on) {
    send.disabled = on;
    stop.hidden = !on;
    status.textContent = on ? 'Coach is writing…' : '';
  }

  async function run(url, message) {
    document.querySelectorAll('.retry').forEach(b => b.remove());
    const body = new URLSearchParams({_csrf: csrf, conversation});
    if (message !== null) body.set('message', message);
    controller = new AbortController();
    busy(true);
    let bubble = null;
    let ended = false;
    const show = (event, data) => {
      if (event === 'user') {
        sent();
        const mine = item('bubble user', 'user');
        mine.textContent = data.content;
        toBottom();
      } else if (event === 'note') {
        const note = item('hint served-by');
        note.dataset.testid = 'chat.fallbackNote';
        note.textContent = data.text;
      } else if (event === 'delta') {
        if (!bubble) bubble = coachBubble();
        const text = bubble.querySelector('.text');
        changing(() => { text.textContent += data.text; });
      } else if (event === 'tool_start') {
        const card = item('tool-card running');
        card.dataset.testid = 'chat.tool';
        card.id = 'tool-' + data.id;
        card.textContent = data.label;
        bubble = null;
      } else if (event === 'tool') {
        const card = document.getElementById('tool-' + data.id) || item('tool-card');
        card.className = 'tool-card' + (data.error === '1' ? ' failed' : '');
        if (form.dataset.haptics && navigator.vibrate) navigator.vibrate(data.error === '1' ? [30, 40, 30] : 15);
        card.dataset.testid = 'chat.tool';
        changing(() => {
          if (data.href) {
            const link = document.createElement('a');
            link.href = data.href;
            link.dataset.testid = 'chat.tool.entry';
            link.textContent = data.card;
            card.replaceChildren(link);
          } else {
            card.textContent = data.card;
          }
        });
      } else if (event === 'done') {
        ended = true;
        if (!bubble) bubble = coachBubble();
      } else if (event === 'incomplete') {
        ended = true;
        if (!bubble) bubble = coachBubble();
        markIncomplete(bubble, data.reason);
      } else if (event === 'error') {
        ended = true;
        const alert = item('alert');
        alert.setAttribute('role', 'alert');
        alert.dataset.testid = 'chat.error';
        alert.textContent = data.message;
      }
    };
    try {
      const response = await fetch(url, {method: 'POST', body, signal: controller.signal, headers: {'Accept': 'text/event-stream'}});
      await window.AirFitEvents.read(response, show);
      if (!ended) {
        if (!bubble) bubble = coachBubble();
        markIncomplete(bubble, 'The connection closed before the reply finished.');
      }
    } catch (error) {
      if (error.name === 'AbortError') {
        if (!bubble) bubble = coachBubble();
        markIncomplete(bubble, 'You stopped the reply.');
      } else {
        show('error', {message: error.message || 'The connection failed. Try again.'});
      }
    } finally {
      controller = null;
      busy(false);
      input.focus();
    }
  }

  form.addEventListener('submit', event => {
    event.preventDefault();
    const message = input.value.trim();
    if (!message || controller) return;
    // Without a provider the page already says so once: point at it, keep the text.
    const notice = document.getElementById('needs-provider');
    if (form.dataset.needsProvider && notice) {
      notice.classList.add('flash');
      notice.focus();
      return;
    }
    toBottom();
    run('/chat/stream', message);
  });
  input.addEventListener('keydown', event => {
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
  });
  stop.addEventListener('click', async () => {
    if (!controller) return;
    const running = controller;
    stop.disabled = true;
    status.textContent = 'Stopping…';
    // The server stops the reply, stores what arrived and ends the stream with the reason.
    try {
      const response = await fetch('/chat/stop', {method: 'POST', body: new URLSearchParams({_csrf: csrf})});
      if (!response.ok) running.abort();
    } catch (error) {
      running.abort();
    } finally {
      stop.disabled = false;
    }
  });
  list.addEventListener('click', event => {
    if (event.target.classList.contains('retry') && !controller) {
      event.target.closest('li').remove();
      run('/chat/retry', null);
    }
  });
})();
