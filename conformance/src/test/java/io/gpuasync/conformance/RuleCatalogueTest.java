package io.gpuasync.conformance;

import io.gpuasync.spi.LineRule;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's properties and its README follow the one catalogue of rules: every property is
 * named for a rule of {@link LineRule}, and the README's table gives every rule its catalogue
 * sentence, so the table a third party reads is the one the suite checks.
 */
class RuleCatalogueTest {

    private static List<Method> properties() {
        List<Method> found = new ArrayList<>();
        for (Method method : LineDriverVerification.class.getDeclaredMethods()) {
            if (method.isAnnotationPresent(net.jqwik.api.Property.class)) {
                found.add(method);
            }
        }
        return found;
    }

    @Test
    void everyPropertyIsNamedForARuleOfTheCatalogue() {
        Set<LineRule> seen = EnumSet.noneOf(LineRule.class);
        for (Method property : properties()) {
            String name = property.getName();
            assertTrue(name.matches("required_line\\d\\d_\\w+"), name + " is not named required_lineNN_...");
            assertTrue(Modifier.isPublic(property.getModifiers()), name + " is not public");
            LineRule rule = LineRule.byId(name.substring("required_".length(), "required_lineNN".length()));
            assertTrue(seen.add(rule), "two properties check " + rule.id());
        }
        assertEquals(EnumSet.complementOf(EnumSet.of(LineRule.SLOT_SERVES_ONE_STREAM, LineRule.HOST_VIEW_RETIRED)), seen,
                "the rules with a property of their own (line12 and line14 are the line's own, checked in spi)");
    }

    @Test
    void theReadmeTableGivesEveryRuleItsSentence() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        Set<String> withProperty = new java.util.HashSet<>();
        properties().forEach(p -> withProperty.add(p.getName().substring("required_".length(), "required_lineNN".length())));
        for (LineRule rule : LineRule.values()) {
            String row = withProperty.contains(rule.id())
                    ? "| `required_" + rule.id() + "` | " + rule.sentence() + " |"
                    : "| (" + rule.id() + ") | " + rule.sentence() + " |";
            assertTrue(readme.contains(row), "conformance/README.md has no row\n" + row);
        }
    }
}
