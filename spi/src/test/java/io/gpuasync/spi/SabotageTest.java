package io.gpuasync.spi;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.ActionChain;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Each rule's check fails when a line breaks that rule: the stories of
 * {@link MappedLineProperties}, run against a line sabotaged one way, with only the rule the
 * sabotage breaks checked. A check that never failed here would be a check that cannot fail.
 * Every sabotage is tried (exhaustive generation over the enum).
 */
class SabotageTest {
    private static final int STORIES = 3_000;

    /** The rules each sabotage breaks. */
    private static final Map<Sabotage, List<String>> BREAKS = Map.ofEntries(
            Map.entry(Sabotage.RELEASE_BEFORE_FREE, List.of(Rules.FREE_WHILE_RETAINED)),
            Map.entry(Sabotage.KEEP_DOMAIN, List.of(Rules.RELEASED_ONCE)),
            Map.entry(Sabotage.CLOSE_TWICE, List.of(Rules.RELEASED_ONCE)),
            Map.entry(Sabotage.FREE_WHEN_SETTLE_FAILED, List.of(Rules.LEAK_REPORTED, Rules.NO_FREE_UNDER_STORE)),
            Map.entry(Sabotage.SILENT_LEAK, List.of(Rules.LEAK_REPORTED)),
            Map.entry(Sabotage.SKIP_SETTLE, List.of(Rules.NO_FREE_UNDER_STORE)),
            Map.entry(Sabotage.SKIP_STREAM_CHECK, List.of(Rules.FOREIGN_QUEUES_NOTHING)),
            Map.entry(Sabotage.KEEP_DOMAIN_ON_FAILED_ALLOC, List.of(Rules.FAILED_OPEN_ACQUIRES_NOTHING)),
            Map.entry(Sabotage.KEEP_PAGE_ON_FAILED_ADDRESS, List.of(Rules.FAILED_OPEN_ACQUIRES_NOTHING)),
            Map.entry(Sabotage.SKIP_ZERO_FILL, List.of(Rules.ZEROED)),
            Map.entry(Sabotage.KEEP_VIEW, List.of(Rules.HOST_VIEW_DIES)),
            Map.entry(Sabotage.WRONG_SLOT_STRIDE, List.of(Rules.SLOT_ADDRESS)),
            Map.entry(Sabotage.SHARE_BUSY_SLOT, List.of(Rules.ONE_STREAM_PER_SLOT)));

    @Provide
    Arbitrary<Sabotage> sabotages() {
        return Arbitraries.of(Sabotage.class).filter(s -> s != Sabotage.NONE);
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void everySabotageIsListedWithTheRulesItBreaks(@ForAll("sabotages") Sabotage sabotage) {
        if (!BREAKS.containsKey(sabotage)) {
            fail(sabotage + " breaks no rule listed here");
        }
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void eachRuleFailsAgainstALineThatBreaksIt(@ForAll("sabotages") Sabotage sabotage) {
        for (String rule : BREAKS.getOrDefault(sabotage, List.of())) {
            Iterator<ActionChain<LineStory>> stories = MappedLineProperties.stories(sabotage).sampleStream().iterator();
            if (!caught(stories, story -> story.withInvariant(rule, s -> s.assertHolds(rule)), "[" + rule + "]")) {
                fail("no story out of " + STORIES + " caught " + sabotage + " under \"" + rule + "\"");
            }
        }
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void theFullPropertyCatchesEverySabotage(@ForAll("sabotages") Sabotage sabotage) {
        Iterator<ActionChain<LineStory>> stories = MappedLineProperties.stories(sabotage).sampleStream().iterator();
        if (!caught(stories, MappedLineProperties::withEveryRule, "broken under " + sabotage)) {
            fail("the full property passed " + STORIES + " stories against " + sabotage);
        }
    }

    private static boolean caught(Iterator<ActionChain<LineStory>> stories,
                                  java.util.function.UnaryOperator<ActionChain<LineStory>> checked, String mark) {
        for (int i = 0; i < STORIES; i++) {
            try {
                checked.apply(stories.next()).run();
            } catch (AssertionError e) {
                if (String.valueOf(e.getMessage()).contains(mark)) {
                    System.out.printf("caught after %d stories: %s%n", i + 1,
                            e.getMessage().lines().findFirst().orElse(""));
                    return true;
                }
                throw e;
            }
        }
        return false;
    }
}
