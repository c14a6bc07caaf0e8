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
    void aMutationWhoseTargetIsGoneFailsLoudlyNamingIt() {
        Mutation stale = new Mutation("STALE", LineRule.ZEROED, new LineMutants.Edit("open", "line.words.fillRelease(0);", ""));
        AssertionError gone = assertThrows(AssertionError.class,
                () -> LineMutants.mutate("package io.gpuasync.spi; class MappedLine { void open() { } }", stale));
        assertTrue(gone.getMessage().contains("mutation STALE") && gone.getMessage().contains("found it 0 times"),
                gone.getMessage());
        Mutation twice = new Mutation("TWICE", LineRule.ZEROED, new LineMutants.Edit("m", "x();", ""));
        AssertionError ambiguous = assertThrows(AssertionError.class,
                () -> LineMutants.mutate("package io.gpuasync.spi; class MappedLine { void m() { x(); x(); } }", twice));
        assertTrue(ambiguous.getMessage().contains("found it 2 times"), ambiguous.getMessage());
        // Only inside the named method: the same statement elsewhere is not a target.
        Mutation elsewhere = new Mutation("ELSEWHERE", LineRule.ZEROED, new LineMutants.Edit("m", "x();", ""));
        assertThrows(AssertionError.class,
                () -> LineMutants.mutate("package io.gpuasync.spi; class MappedLine { void n() { x(); } }", elsewhere));
    }

    @Example
    void anEditFindsItsTargetWhateverTheLayoutAndNeverInACommentOrAString() {
        Mutation m = new Mutation("WS", LineRule.ZEROED, new LineMutants.Edit("m", "if (a) { b(); }", "c();"));
        String out = LineMutants.mutate("""
                package io.gpuasync.spi;
                // if (a) { b(); }
                class MappedLine {
                    void m() {
                        String s = "if (a) { b(); }";
                        if(a)
                        {   // the one to replace
                            b ( ) ;
                        }
                    }
                }
                """, m);
        assertTrue(out.contains("c();") && out.contains("\"if (a) { b(); }\"") && out.contains("// if (a) { b(); }")
                && !out.contains("b ( ) ;"), out);
        assertTrue(out.startsWith("package io.gpuasync.spi.mutant.ws;"), out);
    }

    /**
     * The line's real source laid out as javac prints it (other indentation, other line breaks,
     * no comments) takes every mutation, and each gives the same mutant as the source in the tree.
     */
    @Example
    void everyMutationFindsItsTargetInTheLineLaidOutAnotherWay() throws Exception {
        String source = java.nio.file.Files.readString(LineMutants.SOURCE);
        String reformatted = reprinted(source);
        assertTrue(!reformatted.replaceAll("\\s+", "").equals(source.replaceAll("\\s+", "")), "the layout changed");
        for (Mutation mutation : LineMutants.ALL) {
            assertEquals(reprinted(LineMutants.mutate(source, mutation)), reprinted(LineMutants.mutate(reformatted, mutation)),
                    mutation.name());
        }
    }

    // The compilation unit as javac's pretty printer writes it back out.
    private static String reprinted(String source) throws java.io.IOException {
        javax.tools.JavaCompiler compiler = javax.tools.ToolProvider.getSystemJavaCompiler();
        javax.tools.JavaFileObject file = new javax.tools.SimpleJavaFileObject(
                java.net.URI.create("string:///MappedLine.java"), javax.tools.JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        com.sun.source.util.JavacTask task = (com.sun.source.util.JavacTask) compiler.getTask(null, null, null,
                java.util.List.of("-proc:none"), null, java.util.List.of(file));
        return task.parse().iterator().next().toString();
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
