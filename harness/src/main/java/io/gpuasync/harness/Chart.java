package io.gpuasync.harness;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * {@code gar bench --chart FILE}: the table as an SVG picture, built as a DOM and written by the
 * JDK's XML transformer. Every way of waiting (the line's plans and the backend's own) is a
 * point of its p50 latency against its CPU per await, both on log scales, with a bar up to its
 * p99; with {@code --waiters}, a second panel draws CPU per await against the number of
 * waiters, a line for each way. Each point is a {@code <g class="point">} whose {@code data-*}
 * attributes carry the row's figures, so a reader (or a test) can find every row's point.
 */
final class Chart {
    static final String SVG = "http://www.w3.org/2000/svg";
    private static final int WIDTH = 960;
    private static final int PANEL = 520;
    private static final int LEFT = 90;
    private static final int RIGHT = 220;
    private static final int TOP = 60;
    private static final int BOTTOM = 70;
    // The least value a log axis shows, in microseconds: a CPU of 0, or a timed sleep that woke
    // before the work ended (a negative latency), sits on the axis.
    private static final double FLOOR_MICROS = 0.01;
    private static final String LINE_COLOUR = "#1f5fa8";
    private static final String OWN_COLOUR = "#c0392b";
    private static final String[] WAY_COLOURS = {"#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#566573"};

    private Chart() {
    }

    static String svg(Bench.Options options, String machine, String latency, List<Bench.Result> results,
                      List<WaitersBench.Row> many) {
        try {
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            Element svg = doc.createElementNS(SVG, "svg");
            int height = PANEL * (many.isEmpty() ? 1 : 2);
            svg.setAttribute("width", Integer.toString(WIDTH));
            svg.setAttribute("height", Integer.toString(height));
            svg.setAttribute("viewBox", "0 0 " + WIDTH + " " + height);
            svg.setAttribute("font-family", "sans-serif");
            svg.setAttribute("font-size", "12");
            doc.appendChild(svg);
            String heading = String.format(Locale.ROOT, "gar bench: backend %s, %d us of device work, %d samples per plan",
                    options.backend(), options.work().toNanos() / 1_000, options.samples());
            child(svg, "title").setTextContent(heading + "; " + machine);
            svg.appendChild(plans(doc, heading, machine, latency, results));
            if (!many.isEmpty()) {
                Element waiters = waiters(doc, many, options);
                waiters.setAttribute("transform", "translate(0," + PANEL + ")");
                svg.appendChild(waiters);
            }
            StringWriter text = new StringWriter();
            var transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            transformer.transform(new DOMSource(doc), new StreamResult(text));
            return text.toString();
        } catch (ParserConfigurationException | TransformerException e) {
            throw new IllegalStateException("the chart could not be drawn: " + e.getMessage(), e);
        }
    }

    private static Element plans(Document doc, String heading, String machine, String latency, List<Bench.Result> results) {
        Element panel = doc.createElementNS(SVG, "g");
        panel.setAttribute("id", "plans");
        text(panel, WIDTH / 2.0, 22, heading, "middle", "15");
        text(panel, WIDTH / 2.0, 40, machine, "middle", "11");
        Axis x = Axis.of(results, r -> r.cpuNanosPerAwait() / 1e3, r -> r.cpuNanosPerAwait() / 1e3, LEFT, WIDTH - RIGHT);
        Axis y = Axis.of(results, r -> r.p50Nanos() / 1e3, r -> r.p99Nanos() / 1e3, PANEL - BOTTOM, TOP);
        frame(panel, x, y, "CPU per await (us, log scale)", "p50 " + latency + ", bar to p99 (us, log scale)");
        for (Bench.Result r : results) {
            Element point = child(panel, "g");
            point.setAttribute("class", "point");
            point.setAttribute("data-plan", r.plan());
            point.setAttribute("data-waits-on", r.backendOwn() ? "backend" : "line");
            point.setAttribute("data-p50-ns", Long.toString(r.p50Nanos()));
            point.setAttribute("data-p99-ns", Long.toString(r.p99Nanos()));
            point.setAttribute("data-cpu-ns-per-await", Long.toString(Math.round(r.cpuNanosPerAwait())));
            child(point, "title").setTextContent(r.plan() + ": " + r.how());
            String colour = r.backendOwn() ? OWN_COLOUR : LINE_COLOUR;
            double cx = x.at(r.cpuNanosPerAwait() / 1e3);
            double cy = y.at(r.p50Nanos() / 1e3);
            double top = y.at(r.p99Nanos() / 1e3);
            line(point, cx, cy, cx, top, colour, "p99");
            line(point, cx - 4, top, cx + 4, top, colour, "p99");
            Element dot = child(point, "circle");
            dot.setAttribute("cx", format(cx));
            dot.setAttribute("cy", format(cy));
            dot.setAttribute("r", "4.5");
            dot.setAttribute("fill", colour);
            text(point, cx + 7, cy - 5, r.plan(), "start", "12");
        }
        text(panel, WIDTH - RIGHT + 20, TOP + 10, "the line's ways", "start", "12").setAttribute("fill", LINE_COLOUR);
        text(panel, WIDTH - RIGHT + 20, TOP + 28, "the backend's own", "start", "12").setAttribute("fill", OWN_COLOUR);
        text(panel, WIDTH - RIGHT + 20, TOP + 52, "lower left is better:", "start", "11");
        text(panel, WIDTH - RIGHT + 20, TOP + 66, "a quick wake for little CPU", "start", "11");
        return panel;
    }

    private static Element waiters(Document doc, List<WaitersBench.Row> many, Bench.Options options) {
        Element panel = doc.createElementNS(SVG, "g");
        panel.setAttribute("id", "waiters");
        text(panel, WIDTH / 2.0, 30, String.format(Locale.ROOT, "many waiters: %d us of device work on %d lines",
                options.work().toNanos() / 1_000, WaitersBench.LINES), "middle", "15");
        Axis x = Axis.of(many, r -> r.waiters(), r -> r.waiters(), LEFT, WIDTH - RIGHT);
        Axis y = Axis.of(many, r -> r.cpuNanosPerAwait() / 1e3, r -> r.cpuNanosPerAwait() / 1e3, PANEL - BOTTOM, TOP);
        frame(panel, x, y, "waiters at once (log scale)", "CPU per await (us, log scale)");
        List<String> ways = many.stream().map(WaitersBench.Row::way).distinct().toList();
        for (int w = 0; w < ways.size(); w++) {
            String way = ways.get(w);
            String colour = WAY_COLOURS[w % WAY_COLOURS.length];
            List<WaitersBench.Row> rows = many.stream().filter(r -> r.way().equals(way)).toList();
            StringBuilder points = new StringBuilder();
            for (WaitersBench.Row r : rows) {
                points.append(format(x.at(r.waiters()))).append(',').append(format(y.at(r.cpuNanosPerAwait() / 1e3))).append(' ');
            }
            Element path = child(panel, "polyline");
            path.setAttribute("points", points.toString().strip());
            path.setAttribute("fill", "none");
            path.setAttribute("stroke", colour);
            path.setAttribute("stroke-width", "1.5");
            for (WaitersBench.Row r : rows) {
                Element point = child(panel, "g");
                point.setAttribute("class", "point");
                point.setAttribute("data-way", r.way());
                point.setAttribute("data-waiters", Integer.toString(r.waiters()));
                point.setAttribute("data-cpu-ns-per-await", Long.toString(Math.round(r.cpuNanosPerAwait())));
                child(point, "title").setTextContent(r.way() + " x " + r.waiters() + ": " + r.how());
                Element dot = child(point, "circle");
                dot.setAttribute("cx", format(x.at(r.waiters())));
                dot.setAttribute("cy", format(y.at(r.cpuNanosPerAwait() / 1e3)));
                dot.setAttribute("r", "4");
                dot.setAttribute("fill", colour);
            }
            text(panel, WIDTH - RIGHT + 20, TOP + 10 + 18 * w, way, "start", "12").setAttribute("fill", colour);
        }
        return panel;
    }

    /** A log axis over the figures' range, from {@code from} to {@code to} in the picture. */
    private record Axis(double lowDecade, double highDecade, double from, double to) {
        static <T> Axis of(List<T> rows, ToDoubleFunction<T> low, ToDoubleFunction<T> high, double from, double to) {
            double min = Double.MAX_VALUE;
            double max = FLOOR_MICROS;
            for (T row : rows) {
                min = Math.min(min, Math.max(FLOOR_MICROS, low.applyAsDouble(row)));
                max = Math.max(max, high.applyAsDouble(row));
            }
            double lowDecade = Math.floor(Math.log10(Math.min(min, max)));
            double highDecade = Math.max(lowDecade + 1, Math.ceil(Math.log10(max)));
            return new Axis(lowDecade, highDecade, from, to);
        }

        double at(double value) {
            double decade = Math.log10(Math.max(FLOOR_MICROS, value));
            return from + (to - from) * (decade - lowDecade) / (highDecade - lowDecade);
        }

        List<Double> decades() {
            List<Double> decades = new ArrayList<>();
            for (double d = lowDecade; d <= highDecade; d++) {
                decades.add(Math.pow(10, d));
            }
            return decades;
        }
    }

    private static void frame(Element panel, Axis x, Axis y, String xLabel, String yLabel) {
        double left = x.from();
        double right = x.to();
        double bottom = y.from();
        double top = y.to();
        for (double value : x.decades()) {
            double at = x.at(value);
            line(panel, at, bottom, at, top, "#dddddd", "grid");
            text(panel, at, bottom + 18, tick(value), "middle", "11");
        }
        for (double value : y.decades()) {
            double at = y.at(value);
            line(panel, left, at, right, at, "#dddddd", "grid");
            text(panel, left - 8, at + 4, tick(value), "end", "11");
        }
        line(panel, left, bottom, right, bottom, "#333333", "axis");
        line(panel, left, bottom, left, top, "#333333", "axis");
        text(panel, (left + right) / 2, bottom + 44, xLabel, "middle", "12");
        Element label = text(panel, 0, 0, yLabel, "middle", "12");
        label.setAttribute("transform", "translate(" + format(left - 62) + "," + format((top + bottom) / 2) + ") rotate(-90)");
    }

    private static String tick(double value) {
        return value >= 1 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%s", value);
    }

    private static Element child(Element parent, String name) {
        Element element = parent.getOwnerDocument().createElementNS(SVG, name);
        parent.appendChild(element);
        return element;
    }

    private static void line(Element parent, double x1, double y1, double x2, double y2, String colour, String kind) {
        Element line = child(parent, "line");
        line.setAttribute("class", kind);
        line.setAttribute("x1", format(x1));
        line.setAttribute("y1", format(y1));
        line.setAttribute("x2", format(x2));
        line.setAttribute("y2", format(y2));
        line.setAttribute("stroke", colour);
        line.setAttribute("stroke-width", kind.equals("p99") ? "1.5" : "1");
    }

    private static Element text(Element parent, double x, double y, String content, String anchor, String size) {
        Element text = child(parent, "text");
        text.setAttribute("x", format(x));
        text.setAttribute("y", format(y));
        text.setAttribute("text-anchor", anchor);
        text.setAttribute("font-size", size);
        text.setTextContent(content);
        return text;
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
