package io.gpuasync.spi;

import io.gpuasync.spi.LineMutants.Mutation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.ActionChain;

import java.util.EnumSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Each rule's check fails when a line breaks that rule: the stories of
 * {@link MappedLineProperties}, run against copies of {@link MappedLine} compiled from its real
 * source with one rule broken each ({@link LineMutants}), with only the broken rule checked. A
 * check that never failed here would be a check that cannot fail. Every mutation is tried
 * (exhaustive generation over the list), and every rule the stories check is broken by one.
 */
class LineMutantsTest {
    private static final int STORIES = 3_000;

    // Compiled once for the class: one compiler run for every mutant.
    private static Map<String, LineKind> mutants;

    private static synchronized Map<String, LineKind> mutants() {
        if (mutants == null) {
            mutants = LineMutants.compileAll();
        }
        return mutants;
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        return Arbitraries.of(LineMutants.ALL);
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void eachRuleFailsAgainstALineThatBreaksIt(@ForAll("mutations") Mutation mutation) {
        LineKind mutant = mutants().get(mutation.name());
        for (LineRule rule : mutation.breaks()) {
            Iterator<ActionChain<LineStory>> stories = MappedLineProperties.stories(mutant).sampleStream().iterator();
            int caughtAfter = caught(stories, story -> story.withInvariant(rule.toString(), s -> s.assertHolds(rule)),
                    "[" + rule.id() + "]");
            if (caughtAfter < 0) {
                fail("no story out of " + STORIES + " caught " + mutant + " under " + rule);
            }
        }
    }

    @Example
    void everyRuleTheStoriesCheckIsBrokenBySomeMutation() {
        Set<LineRule> broken = EnumSet.noneOf(LineRule.class);
        LineMutants.ALL.forEach(m -> broken.addAll(m.breaks()));
        Set<LineRule> unproven = EnumSet.copyOf(LineStory.CHECKED);
        unproven.removeAll(broken);
        assertEquals(Set.of(), unproven, "rules the stories check that no mutation shows failing");
        assertTrue(LineStory.CHECKED.containsAll(broken), "a mutation breaks a rule the stories do not check: " + broken);
    }

    @Example
    void aMutationWhoseSnippetIsGoneFailsLoudly() {
        Mutation stale = new Mutation("STALE", LineRule.ZEROED, new LineMutants.Edit("line.words.fillRelease(0);", ""));
        AssertionError e = assertThrows(AssertionError.class,
                () -> LineMutants.mutate("package io.gpuasync.spi; class MappedLine { }", stale));
        assertTrue(e.getMessage().contains("found it 0 times"), e.getMessage());
        Mutation twice = new Mutation("TWICE", LineRule.ZEROED, new LineMutants.Edit("x();", ""));
        assertThrows(AssertionError.class, () -> LineMutants.mutate("package io.gpuasync.spi; x(); x();", twice));
    }

    @Example
    void theEditsMatchAcrossAnyWhitespace() {
        Mutation m = new Mutation("WS", LineRule.ZEROED, new LineMutants.Edit("if (a) { b(); }", "c();"));
        String out = LineMutants.mutate("package io.gpuasync.spi;\nif (a) {\n        b();\n    }\n", m);
        assertTrue(out.contains("c();") && !out.contains("b();"), out);
        assertTrue(out.startsWith("package io.gpuasync.spi.mutant.ws;"), out);
    }

    // How many stories it took to catch the mutant (the failure carrying mark), or -1.
    private static int caught(Iterator<ActionChain<LineStory>> stories,
                              java.util.function.UnaryOperator<ActionChain<LineStory>> checked, String mark) {
        for (int i = 0; i < STORIES; i++) {
            try {
                checked.apply(stories.next()).run();
            } catch (AssertionError e) {
                if (String.valueOf(e.getMessage()).contains(mark)) {
                    System.out.printf("caught after %d stories: %s%n", i + 1,
                            e.getMessage().lines().findFirst().orElse(""));
                    return i + 1;
                }
                throw e;
            }
        }
        return -1;
    }
}
