package io.gpuasync.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gar bench --chart}: the SVG read back as XML holds a point for every row of the table. */
class ChartTest {
    private record Point(Element group, double x, double y) {
    }

    private final BenchTest bench = new BenchTest();

    private int bench(String... args) {
        return bench.bench(args);
    }

    private String out() {
        return bench.out();
    }

    private String err() {
        return bench.err();
    }

    private static List<Map<String, Object>> list(Map<String, Object> json, String key) {
        return BenchTest.list(json, key);
    }

    private static long number(Map<String, Object> row, String key) {
        return BenchTest.number(row, key);
    }

    @Test
    void theChartHasEveryRowsPointWhereItsFiguresPutItAndEveryWaitersPoint(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        Path chart = dir.resolve("bench.svg");
        assertEquals(0, bench("--work-us", "50", "--samples", "30", "--warmup", "5", "--waiters", "1,2",
                "--json", json.toString(), "--chart", chart.toString()), err());
        assertTrue(out().contains("drew " + chart), out());
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document svg = factory.newDocumentBuilder().parse(chart.toFile());
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        assertEquals(Chart.SVG, svg.getDocumentElement().getNamespaceURI());
        Map<String, Object> written = JsonText.read(Files.readString(json));
        List<Map<String, Object>> plans = list(written, "plans");
        List<Point> points = new ArrayList<>();
        for (Map<String, Object> plan : plans) {
            Point point = point(svg, "plans", "data-plan", (String) plan.get("plan"), null);
            assertEquals(plan.get("waits_on"), point.group().getAttribute("data-waits-on"));
            assertEquals(number(plan, "p50_ns"), Long.parseLong(point.group().getAttribute("data-p50-ns")));
            assertEquals(number(plan, "cpu_ns_per_await"), Long.parseLong(point.group().getAttribute("data-cpu-ns-per-await")));
            points.add(point);
        }
        // Where each point is drawn follows its figures: more CPU is further right, a later wake higher up.
        for (int a = 0; a < plans.size(); a++) {
            for (int b = 0; b < plans.size(); b++) {
                if (number(plans.get(a), "cpu_ns_per_await") < number(plans.get(b), "cpu_ns_per_await")) {
                    assertTrue(points.get(a).x() <= points.get(b).x(), plans.get(a) + " right of " + plans.get(b));
                }
                if (number(plans.get(a), "p50_ns") > 10 && number(plans.get(a), "p50_ns") < number(plans.get(b), "p50_ns")) {
                    assertTrue(points.get(a).y() >= points.get(b).y(), plans.get(a) + " above " + plans.get(b));
                }
            }
        }
        for (Map<String, Object> row : list(written, "waiters")) {
            Point point = point(svg, "waiters", "data-way", (String) row.get("way"), row.get("waiters").toString());
            assertEquals(number(row, "cpu_ns_per_await"), Long.parseLong(point.group().getAttribute("data-cpu-ns-per-await")));
        }
    }

    // The point of the row whose attribute is value (and whose waiter count is waiters, if given), in panel.
    private static Point point(Document svg, String panel, String attribute, String value, String waiters) {
        NodeList groups = svg.getElementsByTagNameNS(Chart.SVG, "g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            Element parent = (Element) g.getParentNode();
            if (!"point".equals(g.getAttribute("class")) || !panel.equals(parent.getAttribute("id"))
                    || !value.equals(g.getAttribute(attribute))
                    || waiters != null && !waiters.equals(g.getAttribute("data-waiters"))) {
                continue;
            }
            Element dot = (Element) g.getElementsByTagNameNS(Chart.SVG, "circle").item(0);
            assertNotNull(dot, value + "'s point has no circle");
            return new Point(g, Double.parseDouble(dot.getAttribute("cx")), Double.parseDouble(dot.getAttribute("cy")));
        }
        throw new AssertionError("no point for " + value + (waiters == null ? "" : " x " + waiters) + " in " + panel);
    }
}
