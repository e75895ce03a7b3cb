/// The stylesheet, web manifest and icon, served from memory.
enum Assets {
    static let css = """
        :root{--bg:#f6f7fb;--card:#fff;--text:#14161b;--muted:#5b6270;--accent:#3157d5;--accent-text:#fff;--danger:#c62828;--border:#dde1ea;--focus:#ff9f1c}
        @media (prefers-color-scheme:dark){html.theme-system{--bg:#0f1115;--card:#1a1d24;--text:#f2f4f8;--muted:#a7afbd;--accent:#7c9cff;--accent-text:#0f1115;--danger:#ff6b6b;--border:#2c313c}}
        html.theme-dark{--bg:#0f1115;--card:#1a1d24;--text:#f2f4f8;--muted:#a7afbd;--accent:#7c9cff;--accent-text:#0f1115;--danger:#ff6b6b;--border:#2c313c}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
        main{max-width:34rem;margin:0 auto;padding:1rem 1rem 3rem}
        h1{font-size:1.75rem;margin:.5rem 0} h2{font-size:1.1rem;margin:0 0 .5rem}
        .lead,.hint{color:var(--muted)} .hint{display:block;font-size:.9rem}
        .skip{position:absolute;left:-999px} .skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem}
        .card{background:var(--card);border:1px solid var(--border);border-radius:16px;padding:1rem;margin:1rem 0}
        .stack{display:flex;flex-direction:column;gap:.6rem}
        fieldset{border:0;margin:0;padding:0} legend{font-weight:600;margin-bottom:.5rem}
        .card fieldset,.card legend{padding:0}
        input[type=email],input[type=password],input[type=number],input[type=time],input[type=text]{min-height:44px;padding:.5rem .75rem;border:1px solid var(--border);border-radius:10px;background:var(--bg);color:var(--text);font:inherit;width:100%}
        .option{display:flex;align-items:center;gap:.75rem;min-height:44px;padding:.25rem 0;cursor:pointer}
        .option input{width:22px;height:22px;accent-color:var(--accent)}
        button,.button{min-height:44px;min-width:44px;padding:.6rem 1.1rem;border-radius:12px;font:inherit;font-weight:600;border:1px solid var(--border);background:var(--card);color:var(--text);cursor:pointer}
        button.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent)}
        button.danger{background:var(--danger);color:#fff;border-color:var(--danger)}
        :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
        .bar{display:flex;align-items:center;gap:.75rem;justify-content:space-between}
        .icon-link{display:inline-grid;place-items:center;min-width:44px;min-height:44px;font-size:1.5rem;color:var(--text);text-decoration:none}
        .list{list-style:none;margin:0;padding:0}
        .list a{display:flex;justify-content:space-between;align-items:center;min-height:52px;padding:0 1rem;color:var(--text);text-decoration:none;background:var(--card);border-bottom:1px solid var(--border)}
        .list li:first-child a{border-radius:16px 16px 0 0} .list li:last-child a{border-radius:0 0 16px 16px;border-bottom:0}
        .list li:only-child a{border-radius:16px}
        .section-title{font-size:.8rem;font-weight:600;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:1.25rem .25rem .5rem}
        .value{color:var(--muted)}
        .facts{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;margin:0;padding:0;list-style:none} .facts .label{display:block;color:var(--muted);font-size:.85rem} .facts strong{font-size:1.25rem}
        .alert{border:1px solid var(--danger);color:var(--danger);border-radius:12px;padding:.5rem 1rem}
        .notice{background:var(--card);border-left:4px solid var(--accent);padding:.5rem 1rem;border-radius:8px}
        .progress{height:8px;background:var(--border);border-radius:4px;overflow:hidden}.progress span{display:block;height:100%;background:var(--accent)}
        .actions{display:flex;flex-direction:row-reverse;gap:.75rem}.actions button{flex:1}
        textarea{min-height:88px;padding:.5rem .75rem;border:1px solid var(--border);border-radius:10px;background:var(--bg);color:var(--text);font:inherit;width:100%}
        input[type=range]{width:100%;min-height:44px;accent-color:var(--accent)}
        dialog{border:1px solid var(--border);border-radius:16px;background:var(--card);color:var(--text);max-width:22rem}
        dialog::backdrop{background:rgb(0 0 0 / .5)}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        a.button{display:inline-flex;align-items:center;text-decoration:none}
        .button.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent)} .block{display:flex;justify-content:center;width:100%}
        .logs{margin:0;padding-left:1.1rem}
        .slider output{display:block;margin-top:-.25rem}
        .generating{text-align:center;padding:2rem 0} .steps{text-align:left;display:inline-block;color:var(--muted)}
        .steps li.active{color:var(--text);font-weight:600} .steps li.done{color:var(--text)} .steps li.done::after{content:" ✓";color:var(--accent)}
        .privacy{margin-top:1.5rem;text-align:center}
        .chat{list-style:none;margin:1rem 0;padding:0;display:flex;flex-direction:column;gap:.6rem}
        .bubble{max-width:85%;padding:.6rem .9rem;border-radius:18px;white-space:pre-wrap;overflow-wrap:anywhere}
        .bubble.user{align-self:flex-end;background:var(--accent);color:var(--accent-text);border-bottom-right-radius:6px}
        .bubble.coach{align-self:flex-start;background:var(--card);border:1px solid var(--border);border-bottom-left-radius:6px}
        .bubble.incomplete{border-style:dashed}
        .bubble .reason{display:block;margin-top:.4rem;font-size:.85rem;color:var(--danger);white-space:normal}
        .bubble .retry{margin-top:.4rem}
        .tool-card{align-self:flex-start;font-size:.9rem;padding:.4rem .8rem;border-radius:10px;background:var(--bg);border:1px solid var(--border)}
        .tool-card::before{content:"✓ ";color:var(--accent)} .tool-card.running::before{content:"… "} .tool-card.failed::before{content:"! ";color:var(--danger)}
        .chat-form{position:sticky;bottom:0;background:var(--bg);padding:.5rem 0 1rem;display:flex;flex-direction:column;gap:.5rem}
        .chat-buttons{display:flex;justify-content:flex-end;gap:.5rem}
        select{min-height:44px;padding:.5rem .75rem;border:1px solid var(--border);border-radius:10px;background:var(--bg);color:var(--text);font:inherit;width:100%}
        input[aria-invalid=true],select[aria-invalid=true]{border:2px solid var(--danger)}
        .field-error{color:var(--danger)} .field-error p{margin:0}
        .times{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
        .slots{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
        .slots li{display:flex;align-items:center;justify-content:space-between;gap:.75rem;padding:.25rem .25rem .25rem 1rem;background:var(--card);border:1px solid var(--border);border-radius:12px}
        :root{--s-authoritative:#c0392b;--s-empathetic:#1e8449;--s-analytical:#2e5bd6;--s-playful:#8e44ad}
        html.theme-dark{--s-authoritative:#ff8a7a;--s-empathetic:#5fd08a;--s-analytical:#8fa8ff;--s-playful:#d09cf5}
        @media (prefers-color-scheme:dark){html.theme-system{--s-authoritative:#ff8a7a;--s-empathetic:#5fd08a;--s-analytical:#8fa8ff;--s-playful:#d09cf5}}
        .donut{display:block;width:11rem;height:11rem;margin:0 auto}
        .donut circle{fill:none;stroke-width:6} .donut .track{stroke:var(--border)} .donut text{fill:var(--text);font-size:7px;font-weight:700}
        .seg-authoritative{stroke:var(--s-authoritative);background:var(--s-authoritative)} .seg-empathetic{stroke:var(--s-empathetic);background:var(--s-empathetic)}
        .seg-analytical{stroke:var(--s-analytical);background:var(--s-analytical)} .seg-playful{stroke:var(--s-playful);background:var(--s-playful)}
        .legend{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:.4rem} .legend li{display:flex;align-items:center;gap:.6rem} .legend strong{margin-left:auto}
        .swatch{flex:none;width:14px;height:14px;border-radius:4px}
        .tags{list-style:none;margin:0 0 .5rem;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
        .tag{padding:.2rem .75rem;border-radius:999px;border:1px solid var(--accent);color:var(--accent);font-weight:600;font-size:.9rem}
        .tag.primary{background:var(--accent);color:var(--accent-text)}
        .rows{display:grid;grid-template-columns:1fr auto;margin:0 0 .75rem}
        .rows dt,.rows dd{padding:.6rem 0;border-bottom:1px solid var(--border)} .rows dt{font-weight:600} .rows dd{margin:0;color:var(--muted);text-align:right}
        :root{--ok:#1b7a3a;--warn:#a34f00} html.theme-dark{--ok:#5fd38a;--warn:#ffb35c}
        @media (prefers-color-scheme:dark){html.theme-system{--ok:#5fd38a;--warn:#ffb35c}}
        input[type=url]{min-height:44px;padding:.5rem .75rem;border:1px solid var(--border);border-radius:10px;background:var(--bg);color:var(--text);font:inherit;width:100%}
        .actions .button{flex:1;justify-content:center} .grow{flex:1;min-width:0;overflow-wrap:anywhere} .end{display:flex;flex-direction:column;align-items:flex-end;gap:.25rem}
        .badge{display:inline-block;font-size:.8rem;font-weight:600;padding:.1rem .5rem;border-radius:999px;border:1px solid var(--border);color:var(--muted);white-space:nowrap}
        .badge.ok{color:var(--ok);border-color:var(--ok)} .badge.warn{color:var(--warn);border-color:var(--warn)} .rows dd .badge{font-size:.85rem}
        .key-list{list-style:none;margin:0;padding:0} .key-list li{display:flex;align-items:center;gap:.75rem;padding:.6rem 0;border-bottom:1px solid var(--border)} .key-list li:last-child{border-bottom:0}
        .secret{display:flex;gap:.5rem} .secret input{flex:1}
        .validating:empty{display:none} .validating.busy::before{content:"";display:inline-block;width:1em;height:1em;margin-right:.5rem;vertical-align:-.15em;border:2px solid var(--border);border-top-color:var(--accent);border-radius:50%;animation:spin .8s linear infinite}
        @keyframes spin{to{transform:rotate(360deg)}} @media (prefers-reduced-motion:reduce){.validating.busy::before{animation:none}}
        button:disabled{opacity:.55;cursor:not-allowed}
        pre.json{margin:0;padding:.75rem;background:var(--bg);border:1px solid var(--border);border-radius:10px;overflow:auto;font-size:.85rem;white-space:pre}
        """

    /// The script every page loads: dialogs opened and closed by data attributes, so no page needs an inline
    /// handler (the Content-Security-Policy allows scripts from files only).
    static let js = """
        "use strict";
        document.addEventListener("click", (event) => {
          const opener = event.target.closest("[data-open-dialog]");
          if (opener) {
            const dialog = document.getElementById(opener.dataset.openDialog);
            if (dialog && typeof dialog.showModal === "function") { event.preventDefault(); dialog.showModal(); }
            return;
          }
          const closer = event.target.closest("dialog [data-close]");
          if (closer && !closer.closest("[data-script-managed]")) closer.closest("dialog").close();
        });
        """

    static let manifest = """
        {"name":"AirFit","short_name":"AirFit","start_url":"/","display":"standalone","background_color":"#0f1115","theme_color":"#3157d5",
        "icons":[{"src":"/icon.svg","sizes":"any","type":"image/svg+xml","purpose":"any maskable"}]}
        """

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#3157d5"/>\
        <path d="M136 360 256 136l120 224h-64l-56-108-56 108z" fill="#fff"/></svg>
        """
}
