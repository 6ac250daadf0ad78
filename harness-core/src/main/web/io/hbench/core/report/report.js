// hbench report: draws the charts described in #hbench-data with uPlot. Every chart is kept in
// window.hbenchCharts so a test (or a curious reader in the console) can inspect what was drawn.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('hbench-data').textContent);
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b',
    '#e377c2', '#7f7f7f', '#bcbd22'];
  var tip = document.getElementById('tip');
  window.hbenchCharts = [];

  function alpha(hex, a) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + a + ')';
  }

  function width(el) {
    return Math.max(320, Math.min(el.parentNode.clientWidth - 8, 640));
  }

  function fmt(v) {
    if (v == null) return '-';
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toPrecision(3);
  }

  // A tooltip under the cursor: the point, each label's figure and what it ran on.
  function tooltip(c) {
    return function (u) {
      var i = u.cursor.idx;
      if (i == null || u.cursor.left < 0) {
        tip.hidden = true;
        return;
      }
      var lines = ['<b>' + escapeHtml(c.ticks[i]) + '</b>'];
      c.series.forEach(function (s, k) {
        var v = s.failed[i] === 2 ? 'failed' : fmt(s.median[i]) + (s.low[i] != null && s.n[i] !== '1/1'
          ? ' (' + fmt(s.low[i]) + ' to ' + fmt(s.high[i]) + ')' : '');
        lines.push('<span style="color:' + palette[k % palette.length] + '">' + escapeHtml(s.label)
          + '</span>: ' + v + ', ' + s.n[i] + ' ok' + (c.tips[k][i] ? '<br><small>' + escapeHtml(c.tips[k][i])
          + '</small>' : ''));
      });
      tip.innerHTML = lines.join('<br>');
      var r = u.over.getBoundingClientRect();
      tip.style.left = (window.scrollX + r.left + u.cursor.left + 14) + 'px';
      tip.style.top = (window.scrollY + r.top + u.cursor.top + 14) + 'px';
      tip.hidden = false;
    };
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"]/g, function (ch) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[ch];
    });
  }

  // A tick and label at every point (uPlot would keep only powers of ten on a log axis).
  function ticksAt(c) {
    return {
      splits: function () { return c.x; },
      filter: function (u, splits) { return splits; },
      values: function (u, splits) {
        return splits.map(function (v) { var i = c.x.indexOf(v); return i < 0 ? '' : c.ticks[i]; });
      }
    };
  }

  // A figure against the point: per label its median (a line), the repeats' range (a band
  // between the min and max series) and its failed points (rings at the bottom of the chart).
  function figureChart(c) {
    var el = document.getElementById(c.id);
    var lows = [];
    c.series.forEach(function (s) { s.low.forEach(function (v) { if (v != null) lows.push(v); }); });
    var floor = lows.length ? Math.min.apply(null, lows) : 0;
    var d = [c.x];
    var series = [{label: c.xLabel, value: function (u, v, si, i) { return i == null ? '-' : c.ticks[i]; }}];
    var bands = [];
    c.series.forEach(function (s, k) {
      var color = palette[k % palette.length];
      d.push(s.median);
      series.push({label: s.label, stroke: color, width: 2, points: {show: true, size: 6, space: 0},
        value: function (u, v) { return fmt(v); }});
      d.push(s.high);
      series.push({label: s.label + ' max', stroke: alpha(color, 0.35), width: 1, dash: [4, 4],
        points: {show: false}, value: function (u, v) { return fmt(v); }});
      d.push(s.low);
      series.push({label: s.label + ' min', stroke: alpha(color, 0.35), width: 1, dash: [4, 4],
        points: {show: false}, value: function (u, v) { return fmt(v); }});
      bands.push({series: [series.length - 2, series.length - 1], fill: alpha(color, 0.12)});
      d.push(s.failed.map(function (f) { return f ? floor : null; }));
      series.push({label: s.label + ' failed', stroke: color, fill: '#fff', width: 0,
        paths: function () { return null; },
        points: {show: true, size: 12, width: 3, stroke: '#c00', fill: '#fff', space: 0},
        value: function (u, v, si, i) { return i == null || !s.failed[i] ? '' : s.failed[i] === 2 ? 'failed' : 'some failed'; }});
    });
    var u = new uPlot({
      title: c.title,
      width: width(el),
      height: 300,
      scales: {x: c.xLog ? {time: false, distr: 3, log: 10} : {time: false}, y: {range: function (u, min, max) {
        return [Math.min(0, min), max > 0 ? max * 1.08 : 1];
      }}},
      series: series,
      bands: bands,
      axes: [Object.assign({label: c.xLabel + (c.xLog ? ' (log scale)' : '')}, ticksAt(c)), {label: c.yLabel, size: 60}],
      hooks: {setCursor: [tooltip(c)]}
    }, d, el);
    // The legend names the labels; their min, max and failed series are explained by the page.
    var rows = u.root.querySelectorAll('.u-legend .u-series');
    for (var r = 1; r < rows.length; r++) {
      if ((r - 1) % 4 !== 0) rows[r].style.display = 'none';
    }
    window.hbenchCharts.push({id: c.id, kind: 'figure', labels: c.series.length, points: c.x.length, plot: u});
  }

  // Latency by percentile, from the histograms merged over each label's repeats: one line per
  // label, "nines" along the x axis, a log y axis.
  function latencyChart(c) {
    var el = document.getElementById(c.id);
    var d = [c.x];
    var series = [{label: 'percentile', value: function (u, v, si, i) { return i == null ? '-' : c.ticks[i]; }}];
    c.series.forEach(function (s, k) {
      d.push(s.y.map(function (v) { return Math.max(v, 0.001); }));
      series.push({label: s.label + ' (' + s.count + ' calls)', stroke: palette[k % palette.length], width: 2,
        points: {show: true, size: 6, space: 0}, value: function (u, v) { return fmt(v) + ' ms'; }});
    });
    var u = new uPlot({
      title: c.title,
      width: width(el),
      height: 300,
      scales: {x: {time: false}, y: {distr: 3, log: 10}},
      series: series,
      axes: [Object.assign({label: 'percentile'}, ticksAt(c)), {label: 'ms', size: 60}]
    }, d, el);
    window.hbenchCharts.push({id: c.id, kind: 'latency', labels: c.series.length, points: c.x.length, plot: u});
  }

  // A daemon's figure over the phase: one line per daemon, aligned on their sample times (each
  // daemon is read at its own instant), a daemon that stands out in red and thick, and a dashed
  // mark where the client's phase ended (the last read comes one metrics period after it).
  // A vertical line at x = at across the plot.
  function mark(u, at, color, dash) {
    var x = Math.round(u.valToPos(at, 'x', true));
    var ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.restore();
  }

  // A --disrupt fault: its window shaded, its action a solid line and named at the top.
  function shade(u, f) {
    var x0 = Math.round(u.valToPos(f.from, 'x', true));
    var x1 = Math.round(u.valToPos(f.to, 'x', true));
    var ctx = u.ctx;
    ctx.save();
    ctx.fillStyle = 'rgba(214, 39, 40, 0.12)';
    ctx.fillRect(x0, u.bbox.top, Math.max(1, x1 - x0), u.bbox.height);
    ctx.strokeStyle = '#d62728';
    ctx.beginPath();
    ctx.moveTo(x0, u.bbox.top);
    ctx.lineTo(x0, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.fillStyle = '#d62728';
    ctx.font = (11 * devicePixelRatio) + 'px sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(f.label, x0 + 4 * devicePixelRatio, u.bbox.top + 12 * devicePixelRatio);
    ctx.restore();
  }

  function daemonChart(c) {
    var el = document.getElementById(c.id);
    var d = c.lines.length === 1 ? [c.lines[0].t, c.lines[0].y]
      : uPlot.join(c.lines.map(function (l) { return [l.t, l.y]; }));
    var calm = palette.filter(function (p) { return p !== '#d62728'; });
    var series = [{label: 's', value: function (u, v) { return v == null ? '-' : fmt(v) + ' s'; }}];
    c.lines.forEach(function (l, k) {
      series.push({label: l.label + (l.stands ? ' (stands out)' : ''), spanGaps: true,
        stroke: l.stands ? '#d62728' : calm[k % calm.length], width: l.stands ? 3 : 1.5,
        points: {show: true, size: 4}, value: function (u, v) { return fmt(v) + ' ' + c.unit; }});
    });
    var u = new uPlot({
      title: c.title,
      width: width(el),
      height: 240,
      scales: {x: {time: false}, y: {range: function (u, min, max) { return [Math.min(0, min), max > 0 ? max * 1.08 : 1]; }}},
      series: series,
      axes: [{label: 'seconds since the phase began'}, {label: c.unit, size: 60}],
      hooks: {draw: [function (u) { mark(u, c.end, '#888', [5, 4]); }]}
    }, d, el);
    window.hbenchCharts.push({id: c.id, kind: 'daemon', lines: c.lines.length,
      stands: c.lines.filter(function (l) { return l.stands; }).length, points: d[0].length, plot: u});
  }

  // A load over time: a line per operation, the band's ends dashed, the steady stop in red.
  function seriesChart(c) {
    var el = document.getElementById(c.id);
    var d = c.lines.length === 1 ? [c.lines[0].t, c.lines[0].y]
      : uPlot.join(c.lines.map(function (l) { return [l.t, l.y]; }));
    var xUnit = c.xUnit || 's';
    var series = [{label: xUnit, value: function (u, v) { return v == null ? '-' : fmt(v) + ' ' + xUnit; }}];
    c.lines.forEach(function (l, k) {
      series.push({label: l.label, spanGaps: true, stroke: palette[k % palette.length], width: 1.5,
        points: {show: l.t.length < 120, size: 4}, value: function (u, v) { return fmt(v) + ' ' + c.unit; }});
    });
    var u = new uPlot({
      title: c.title,
      width: width(el),
      height: 240,
      scales: {x: {time: false}, y: {range: function (u, min, max) { return [0, max > 0 ? max * 1.08 : 1]; }}},
      series: series,
      axes: [{label: c.xLabel || 'seconds since the load began'}, {label: c.unit, size: 60}],
      hooks: {draw: [function (u) {
        (c.faults || []).forEach(function (f) { shade(u, f); });
        c.marks.forEach(function (at) { mark(u, at, '#888', [5, 4]); });
        if (c.end != null) { mark(u, c.end, '#444', [2, 3]); }
        if (c.stable != null) { mark(u, c.stable, '#d62728', []); }
        if (c.bound != null) {
          var y = Math.round(u.valToPos(c.bound, 'y', true));
          var ctx = u.ctx;
          ctx.save();
          ctx.strokeStyle = '#888';
          ctx.setLineDash([5, 4]);
          ctx.beginPath();
          ctx.moveTo(u.bbox.left, y);
          ctx.lineTo(u.bbox.left + u.bbox.width, y);
          ctx.stroke();
          ctx.restore();
        }
      }]}
    }, d, el);
    window.hbenchCharts.push({id: c.id, kind: 'series', lines: c.lines.length,
      points: d[0].length, faults: (c.faults || []).length, plot: u});
  }

  data.charts.forEach(function (c) { c.tips = data.tips[c.tips]; figureChart(c); });
  data.latency.forEach(latencyChart);
  // A phase's daemons and a load's series are drawn when their box is open: a long sweep has
  // hundreds of them.
  function whenOpen(draw) {
    return function (c) {
      var box = document.getElementById(c.id).closest('details');
      if (!box || box.open) {
        draw(c);
        return;
      }
      box.addEventListener('toggle', function once() {
        box.removeEventListener('toggle', once);
        draw(c);
      });
    };
  }
  data.daemons.forEach(whenOpen(daemonChart));
  data.series.forEach(whenOpen(seriesChart));
  document.addEventListener('mouseleave', function () { tip.hidden = true; });
})();
