window.AirFitEvents = {
  async read(response, onEvent) {
    if (!response.ok || !response.body) throw new Error('The server answered ' + response.status + '. Reload the page and try again.');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const {value, done} = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, {stream: true});
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message', data = '';
        for (const line of frame.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        let parsed;
        try { parsed = JSON.parse(data || '{}'); } catch (e) { continue; }  // a malformed frame is skipped
        onEvent(event, parsed);
      }
    }
  }
};
