/// The report page's style sheet (inline in the page; system fonts only, nothing fetched).
enum HTMLReportStyle {
    static let css = #"""
        :root { --fg: #1d2329; --muted: #5f6b76; --line: #d9dee3; --bg: #ffffff; --panel: #f5f7f9;
          --passed: #1a7f37; --failed: #cf222e; --recorded: #0969da; --flaky: #bc4c00; --crashed: #8250df;
          --timedOut: #9a6700; --input: #0969da; --mock: #8250df; --output: #1a7f37; --state: #bc4c00;
          --route: #bf3989; --other: #57606a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
          background: var(--bg); }
        header.top { padding: 14px 24px; border-bottom: 1px solid var(--line); display: flex; gap: 16px;
          align-items: baseline; flex-wrap: wrap; }
        header.top h1 { font-size: 18px; margin: 0; }
        main { padding: 16px 24px 48px; }
        a { color: var(--recorded); text-decoration: none; }
        a:hover { text-decoration: underline; }
        code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
        pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px;
          overflow-x: auto; white-space: pre-wrap; word-break: break-word; margin: 6px 0 12px; }
        .muted { color: var(--muted); }
        .badge { display: inline-block; min-width: 72px; text-align: center; padding: 1px 8px; border-radius: 10px;
          font-size: 12px; font-weight: 600; color: #fff; }
        .badge.passed { background: var(--passed); } .badge.failed { background: var(--failed); }
        .badge.recorded { background: var(--recorded); } .badge.flaky { background: var(--flaky); }
        .badge.crashed { background: var(--crashed); } .badge.timedOut { background: var(--timedOut); }
        .counts { display: flex; gap: 8px; flex-wrap: wrap; margin: 0 0 12px; }
        .counts button { border: 1px solid var(--line); background: var(--panel); border-radius: 14px; padding: 3px 12px;
          font: inherit; cursor: pointer; }
        .counts button.active { border-color: var(--fg); }
        .counts .n { font-weight: 700; margin-left: 4px; }
        #mutation table.mutants { border-collapse: collapse; margin: 6px 0 16px; }
        #mutation th, #mutation td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left;
          vertical-align: top; }
        #mutation tr.killed td.verdict { color: var(--passed); }
        #mutation tr.survived td.verdict, #mutation tr.notObservable td.verdict { color: var(--failed);
          font-weight: 600; }
        .filter { width: min(640px, 100%); padding: 7px 10px; font: inherit; border: 1px solid var(--line);
          border-radius: 6px; margin-bottom: 12px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 12px; color: var(--muted); font-weight: 600; }
        tr.scenario { cursor: pointer; }
        tr.scenario:hover { background: var(--panel); }
        td.time { white-space: nowrap; color: var(--muted); text-align: right; }
        td.why { color: var(--muted); font-size: 12.5px; max-width: 60ch; overflow: hidden; text-overflow: ellipsis;
          white-space: nowrap; }
        details.options { margin: 16px 0; } details.options td { font-size: 12.5px; }
        section { margin: 18px 0; }
        section h2 { font-size: 15px; margin: 0 0 8px; }
        .lanes-toolbar { display: flex; gap: 6px; align-items: center; margin: 4px 0; }
        .lanes-toolbar button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); background: var(--panel);
          border-radius: 4px; cursor: pointer; }
        .lanes { display: flex; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
        .lane-names { flex: none; width: 230px; border-right: 1px solid var(--line); background: var(--panel); }
        .lane-names div { height: 30px; padding: 0 8px; display: flex; align-items: center; font-size: 12px;
          white-space: nowrap; overflow: hidden; text-overflow: ellipsis; border-bottom: 1px solid var(--line); }
        .lane-names div.axis { height: 42px; color: var(--muted); }
        .lane-names .side { color: var(--muted); margin-left: 6px; font-size: 11px; }
        .lane-scroll { flex: 1; overflow-x: auto; overflow-y: hidden; cursor: grab; position: relative; }
        .lane-scroll.dragging { cursor: grabbing; }
        svg.lanes-svg { display: block; }
        svg text { font: 11px system-ui, sans-serif; fill: var(--muted); }
        .lane-bg { fill: #fff; } .lane-bg.golden { fill: #fafbfc; }
        .lane-line { stroke: var(--line); }
        .tick { stroke: #eef1f4; }
        .marble { stroke: #fff; stroke-width: 1.5; cursor: pointer; }
        .marble.input { fill: var(--input); } .marble.call, .marble.response, .marble.cancelled { fill: var(--mock); }
        .marble.output { fill: var(--output); } .marble.state { fill: var(--state); } .marble.route { fill: var(--route); }
        .marble.callback, .marble.log, .marble.finished, .marble.failed { fill: var(--other); }
        .marble.cancelled { fill: #fff; stroke: var(--mock); stroke-width: 2; }
        .marble.throws { fill: var(--failed); }
        .marble.golden { opacity: 0.55; }
        .marble.changed { stroke: var(--failed); stroke-width: 3; }
        .marble.only { stroke: var(--failed); stroke-width: 3; stroke-dasharray: 3 2; }
        .marble.selected { stroke: var(--fg); stroke-width: 3; }
        .shift { stroke: var(--failed); stroke-width: 1.5; stroke-dasharray: 4 2; }
        .shift-head { fill: var(--failed); }
        .bar { fill: var(--mock); opacity: 0.25; }
        .bar.golden { opacity: 0.12; }
        .divergence-line { stroke: var(--failed); stroke-width: 2; stroke-dasharray: 5 3; }
        .divergence-label { fill: var(--failed); font-weight: 700; }
        .detail { min-height: 42px; margin: 8px 0; }
        .diff td { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; font-size: 12px; padding: 2px 8px;
          white-space: pre-wrap; word-break: break-all; }
        .diff tr.removed td.line { background: #ffebe9; } .diff tr.added td.line { background: #dafbe1; }
        .diff tr.changed td.line { background: #fff8c5; }
        .diff tr.divergence td { outline: 2px solid var(--failed); outline-offset: -2px; }
        .diff td.sign { width: 18px; color: var(--muted); }
        .values { margin: 2px 0 0 0; padding: 0; list-style: none; }
        .values li .minus { background: #ffebe9; color: var(--failed); }
        .values li .plus { background: #dafbe1; color: var(--passed); }
        .cause { border-left: 3px solid var(--failed); padding: 6px 12px; background: #fff5f5; margin: 8px 0; }
        .accept { display: flex; gap: 8px; align-items: center; }
        .accept code { background: var(--panel); padding: 4px 8px; border-radius: 4px; border: 1px solid var(--line); }
        .accept button { font: inherit; padding: 3px 10px; cursor: pointer; }
        tr.step.cause-step td { background: #fff5f5; }
        pre.step-source { margin: 0; padding: 0; background: none; border: 0; }
        .empty { color: var(--muted); padding: 24px 0; }
        """#
}
