platformer_test(test_physics test_physics.c)
platformer_test(test_sim test_sim.c)
