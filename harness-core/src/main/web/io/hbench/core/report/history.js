// hbench history: draws each series of #hbench-data over its runs with uPlot: the runs' figures as
// dots, the level between change points as a stepped line, and a vertical line at the first run
// of each new level (red: worse, green: better). Hovering a run shows its figure; hovering a
// marked run also shows what changed in it. Every chart is kept in window.hbenchHistory so a
// test (or a reader in the console) can inspect what was drawn.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('hbench-data').textContent);
  var tip = document.getElementById('tip');
  window.hbenchHistory = [];

  function fmt(v) {
    if (v == null) return '-';
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toPrecision(3);
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"]/g, function (ch) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[ch];
    });
  }

  function changeAt(c, i) {
    for (var k = 0; k < c.changes.length; k++) {
      if (c.changes[k].index === i) return c.changes[k];
    }
    return null;
  }

  // What the tooltip says of run i: the run, its figure, and at a change what changed.
  function tipText(c, i) {
    var lines = ['<b>' + escapeHtml(c.runs[i]) + '</b>', fmt(c.values[i]) + ' ' + escapeHtml(c.unit)
      + ' (level ' + fmt(c.level[i]) + ')'];
    var ch = changeAt(c, i);
    if (ch) {
      lines.push('<b>first run of a new level:</b> ' + escapeHtml(ch.text));
      ch.changed.forEach(function (t) { lines.push('<small>' + escapeHtml(t) + '</small>'); });
    }
    return lines.join('<br>');
  }

  function mark(u, at, color) {
    var x = Math.round(u.valToPos(at - 0.5, 'x', true));
    var ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.restore();
  }

  data.charts.forEach(function (c) {
    var el = document.getElementById(c.id);
    var x = c.values.map(function (v, i) { return i; });
    var u = new uPlot({
      title: c.title,
      width: Math.max(320, Math.min(el.parentNode.clientWidth - 8, 640)),
      height: 260,
      scales: {x: {time: false}, y: {range: function (u, min, max) {
        return [Math.min(0, min), max > 0 ? max * 1.08 : 1];
      }}},
      series: [
        {label: 'run', value: function (u, v, si, i) { return i == null ? '-' : c.ticks[i]; }},
        {label: 'run\'s figure', stroke: '#1f77b4', width: 0, paths: function () { return null; },
          points: {show: true, size: 5, space: 0, fill: '#1f77b4'},
          value: function (u, v) { return fmt(v); }},
        {label: 'level', stroke: '#555', width: 2, paths: uPlot.paths.stepped({align: 1}),
          points: {show: false}, value: function (u, v) { return fmt(v); }}
      ],
      axes: [{label: 'run', values: function (u, splits) {
        return splits.map(function (v) { return Number.isInteger(v) && c.ticks[v] != null ? c.ticks[v] : ''; });
      }}, {label: c.unit + (c.better ? ' (' + c.better + ' is better)' : ''), size: 60}],
      hooks: {
        draw: [function (u) {
          c.changes.forEach(function (ch) { mark(u, ch.index, ch.worse ? '#d62728' : '#2ca02c'); });
        }],
        setCursor: [function (u) {
          var i = u.cursor.idx;
          if (i == null || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          tip.innerHTML = tipText(c, i);
          var r = u.over.getBoundingClientRect();
          tip.style.left = (window.scrollX + r.left + u.cursor.left + 14) + 'px';
          tip.style.top = (window.scrollY + r.top + u.cursor.top + 14) + 'px';
          tip.hidden = false;
        }]
      }
    }, [x, c.values, c.level], el);
    window.hbenchHistory.push({id: c.id, runs: c.values.length, changes: c.changes.length, plot: u,
      tip: function (i) { return tipText(c, i); }});
  });
})();
