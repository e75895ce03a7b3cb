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
  let controller = null;

  function item(className, role) {
    const empty = document.getElementById('chat-empty');
    if (empty) empty.remove();
    const li = document.createElement('li');
    li.className = className;
    if (role) { li.dataset.role = role; li.dataset.testid = 'chat.message'; }
    list.appendChild(li);
    li.scrollIntoView({block: 'end'});
    return li;
  }
  function coachBubble() {
    const li = item('bubble coach', 'coach');
    const text = document.createElement('span');
    text.className = 'text';
    li.appendChild(text);
    return li;
  }
  function markIncomplete(li, reason) {
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
        item('bubble user', 'user').textContent = data.content;
      } else if (event === 'delta') {
        if (!bubble) bubble = coachBubble();
        bubble.querySelector('.text').textContent += data.text;
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
        card.textContent = data.card;
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
    input.value = '';
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
